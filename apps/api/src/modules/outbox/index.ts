/** The public entry of modules/outbox: what other modules may import from it. */
export { abandonInterruptedSms, claimPendingMessages, deliverPendingMessages } from './deliver';
export {
  enqueueMessage,
  outboxInsert,
  type OutgoingMessage,
  QUIET_FROM_HOUR,
  QUIET_UNTIL_HOUR,
} from './enqueue-message';
export { notificationMessages, notifyUser } from './notify-user';
export { createMailTransport, createSmsTransport, smsDeliveryLine, smtpTransport } from './transports';
export { smsSendAfter, STATE_TIME_ZONES, timeZoneOf, wallClock, zonedTime } from './quiet-hours';
