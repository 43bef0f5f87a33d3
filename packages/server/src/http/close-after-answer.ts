import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';

/** How long a refused request's client may go on sending after its answer before the socket is dropped. */
export const LINGER_MS = 2000;

/**
 * For a request refused before its body was read (a refused upload): the answer is sent with
 * `Connection: close`, and the rest of the body is never looked at.
 *
 * Closing a socket that still has unread bytes makes the kernel send a reset at once, and a reset
 * can overtake the answer still on its way (the probe saw "connection reset" instead of the 400).
 * Node ends a `Connection: close` answer with `socket.destroySoon()`, which does exactly that; so
 * for this socket it is replaced by a lingering close (what nginx calls `lingering_close`): the
 * write side ends after the answer (the client sees the answer and then the end), whatever the
 * client still sends is dropped unread by the HTTP parser, and the socket goes when the client
 * closes its side, or after `lingerMs` at the latest.
 */
export function closeAfterAnswer(req: IncomingMessage, reply: FastifyReply, lingerMs = LINGER_MS): void {
  void reply.header('connection', 'close');
  const socket = req.socket as IncomingMessage['socket'] | undefined;
  // `inject` has no real socket: nothing to close.
  if (!socket || typeof socket.destroySoon !== 'function') return;
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    // The body was left half read and paused: let the parser pull it off the wire and drop it.
    req.resume();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
  };
}
