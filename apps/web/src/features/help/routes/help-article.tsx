import { HelpItemPage } from '../components/help-item-page';

/** `/help/article/{id}`: a help article, by id or slug. */
export default function HelpArticlePage() {
  return <HelpItemPage kind="article" />;
}
