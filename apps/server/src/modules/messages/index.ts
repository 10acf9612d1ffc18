/**
 * messages' door (docs/architecture.md, "The dependency rule"). No other module needs
 * anything of it; the composition root takes its routes here.
 */
export { messageRoutes } from './messages.routes.ts';
export { messageHandlers } from './messages.socket.ts';
