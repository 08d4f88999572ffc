import { FeedbackPage } from '../components/feedback-page';

/** `/owners-feedback` (public): the feedback form, filed under the owners club. */
export default function OwnersFeedbackRoute() {
  return <FeedbackPage source="owners" />;
}
