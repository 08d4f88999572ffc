import { preloadLocaleSection } from '@/lib/i18n';
import { HelpItemPage } from '../components/help-item-page';

// The page's texts come with its code, not after its first render (and the page names them).
preloadLocaleSection('help');

/** `/help/article/{id}`: a help article, by id or slug. */
export default function HelpArticlePage() {
  return <HelpItemPage kind="article" />;
}
