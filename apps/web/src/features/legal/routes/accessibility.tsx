import { LegalPage } from '../components/legal-page';

export default function AccessibilityPage() {
  return <LegalPage doc="accessibility" />;
}
