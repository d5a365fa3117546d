// Reads node-pty's PTY into one reused buffer: no allocation, no stream machinery per read.

/**
 * Size of the reused buffer. The kernel hands a PTY's output over in pieces of at most 4 KB; libuv
 * reads into whatever it is given, so this only bounds a read, it never splits one.
 */
const REUSED_READ_BYTES = 64 * 1024;

/** What this module touches of a net.Socket and its libuv handle (checked at run time). */
interface UserBufferSocket {
  _handle?: { useUserBuffer?: (buffer: Uint8Array) => void } | null;
  [key: symbol]: unknown;
}

/**
 * Switches node-pty's tty socket to Node's `onread` mode (net.Socket's documented `onread: { buffer,
 * callback }` option, which node-pty gives no way to pass): every read lands in one buffer allocated
 * once, and `onChunk` gets a view of the bytes read. Compared with 'data' events this saves, per read,
 * a 64 KB allocation and its release, a Buffer object (whose memory V8 frees only at its next
 * collection, so a flood grew the heap by tens of MB), and the Readable stream's queueing.
 *
 * The view is valid only during the call: the next read overwrites it. Consumers copy what they keep.
 *
 * End of stream and errors (EIO when the child's side closes) still go through the socket's own
 * handling, so node-pty's 'close'/'exit' logic and the final drain are unchanged.
 *
 * The switch uses Node's private fields (the socket's `kBuffer`/`kBufferCb` symbols and the handle's
 * `useUserBuffer`, the same ones the `onread` option sets). Returns false, changing nothing, when this
 * Node lacks them; the caller then listens for 'data' events as before.
 */
export function readIntoReusedBuffer(
  socket: unknown,
  onChunk: (chunk: Uint8Array) => void,
  size: number = REUSED_READ_BYTES,
): boolean {
  if (socket === null || typeof socket !== 'object') return false;
  const target = socket as UserBufferSocket;
  const handle = target._handle;
  if (!handle || typeof handle.useUserBuffer !== 'function') return false;
  const symbols = Object.getOwnPropertySymbols(target);
  const kBuffer = symbols.find((s) => s.description === 'kBuffer');
  const kBufferCb = symbols.find((s) => s.description === 'kBufferCb');
  // Both present and unset: a socket created without `onread`, as node-pty creates it.
  if (kBuffer === undefined || kBufferCb === undefined) return false;
  if (target[kBuffer] !== null || target[kBufferCb] !== null) return false;
  const buffer = Buffer.allocUnsafe(size);
  try {
    handle.useUserBuffer(buffer);
  } catch {
    return false;
  }
  target[kBuffer] = buffer;
  target[kBufferCb] = (nread: number, into: Uint8Array): void => {
    onChunk(into.subarray(0, nread));
  };
  return true;
}
