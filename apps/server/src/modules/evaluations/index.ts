/**
 * evaluations' door (docs/architecture.md): the ratings of tanods, from the public directory and
 * from a resolved ticket. A ticket rating is recorded on the incident through incidents' door;
 * incidents reads whether a ticket was rated from the table itself, so the two modules do not
 * import each other. Other modules import only this file.
 */
export { evaluationRoutes } from './evaluations.routes.ts';
export { listRecentComments } from './evaluations-reads.service.ts';
