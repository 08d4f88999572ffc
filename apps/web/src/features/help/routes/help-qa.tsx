import { HelpItemPage } from '../components/help-item-page';

/** `/help/qa/{id}` and `/help-qa/{id}` (shell §2: both forms): a question and its answer. */
export default function HelpQaPage() {
  return <HelpItemPage kind="qa" />;
}
