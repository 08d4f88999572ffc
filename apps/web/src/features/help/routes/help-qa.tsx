import { preloadLocaleSection } from '@/lib/i18n';
import { HelpItemPage } from '../components/help-item-page';

// The page's texts come with its code, not after its first render (and the page names them).
preloadLocaleSection('help');

/** `/help/qa/{id}` and `/help-qa/{id}` (shell §2: both forms): a question and its answer. */
export default function HelpQaPage() {
  return <HelpItemPage kind="qa" />;
}
