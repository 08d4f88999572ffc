/** The public entry of modules/chat: what other modules may import from it. */
export { addMessage, announce, type Announcement, ensureThread, UNREAD_EMAIL_JOB } from './service';
export { unreadEmailHandler } from './unread-email';
