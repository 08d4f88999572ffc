import { LegalPage } from '../components/legal-page';

export default function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}
