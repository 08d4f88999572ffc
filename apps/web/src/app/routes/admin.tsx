/**
 * `/admin`: the admin feature's page with the tabs other features own. Each loads (with its texts)
 * when its tab opens.
 */
import { lazy } from 'react';
import AdminPage, { type AdminTabs } from '@/features/admin/routes/admin';

const tabs: AdminTabs = {
  // The feedback inbox.
  feedback: lazy(() => import('@/features/feedback/components/admin-feedback-tab')),
  // The help centre's editor (Markdown previews, its schemas and texts).
  help: lazy(() => import('@/features/help/components/admin-help-tab')),
  // The roadmap's editor.
  roadmap: lazy(() => import('@/features/roadmap/components/admin-roadmap-tab')),
};

export default function AdminRoute() {
  return <AdminPage tabs={tabs} />;
}
