import { FeedbackPage } from '../components/feedback-page';

/** `/feedback` (public): feedback of any type, signed in or out (behind the human check). */
export default function FeedbackRoute() {
  return <FeedbackPage source="page" />;
}
