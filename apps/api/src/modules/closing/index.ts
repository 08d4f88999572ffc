/** The public entry of modules/closing: what other modules may import from it. */
export { answerCloseDate, completeClosing, endContract, proposeCloseDate, setBackups } from './contract';
export { announceRoom, ringClosing } from './notify';
export { closedThroughDealClub, closingSummaries, memberRoleOf, readRoom } from './read';
export { CLOSING_REMINDERS_JOB, sendClosingReminders } from './reminders';
export { endRoomOnStatusChange, openClosingRoom } from './rooms';
export { addDocument, documentFor, tickMilestone } from './steps';
export { closingBackfillSeed, demoClosingSeed } from './demo';
