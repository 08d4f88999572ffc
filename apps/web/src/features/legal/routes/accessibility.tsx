import { preloadLocaleSection } from '@/lib/i18n';
import { LegalPage } from '../components/legal-page';

// The page's texts come with its code, not after its first render (and the page names them).
preloadLocaleSection('legal');

export default function AccessibilityPage() {
  return <LegalPage doc="accessibility" />;
}
