/** The public entry of modules/alerts: what other modules may import from it. */
export { ALERT_BATCH, deliverDueAlerts } from './deliver-alerts';
export { demoAlertsSeed } from './demo-alerts';
export { alertFanOutHandler } from './fan-out-alerts';
export { unsubscribeKey, unsubscribeToken } from './unsubscribe-token';
export { sendWebPush } from './web-push';
