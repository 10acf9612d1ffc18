/**
 * incident-alerts' door (docs/architecture.md): who hears of an incident and the texts sent about
 * it. The on-duty tanods told of a report, its escalation or its return to the queue, and the SMS
 * of a report (the reporter's receipt, an emergency's alerts to staff) and of its resolution. Used
 * by incidents (a new report) and incident-handling (escalation, requeue, resolution); it imports
 * neither. Other modules import only this file.
 */
export { tanodsToAlert } from './alert-recipients.ts';
export { enqueueEmergencySmsAlerts, enqueueReceiptSms, enqueueResolvedSms } from './incident-sms.ts';
export { ticketPagePath } from './incident-links.ts';
