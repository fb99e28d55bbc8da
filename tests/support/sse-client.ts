/** A minimal Server-Sent Events client over fetch, for tests and the stream benchmark. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  /** The next message (not a comment) matching `accept`, or an error after `timeoutMs`. */
  next(accept?: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Messages received so far and not yet taken. */
  pending(): SseMessage[];
  /** Comment lines (heartbeats) seen. */
  comments(): number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const queue: SseMessage[] = [];
  const waiters: (() => void)[] = [];
  let comments = 0;
  let buffer = '';
  const wake = () => waiters.splice(0).forEach((w) => w());

  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const message: SseMessage = { id: null, event: 'message', data: '' };
          let isMessage = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              message.data += line.slice(6);
              isMessage = true;
            }
          }
          if (isMessage) queue.push(message);
          wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      wake();
    }
  })();
  let done = false;
  void ended.then(() => {
    done = true;
    wake();
  });

  return {
    status: response.status,
    async next(accept = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(accept);
        if (index >= 0) return queue.splice(index, 1)[0]!;
        if (done) throw new Error('the stream ended before the message came');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    pending: () => [...queue],
    comments: () => comments,
    ended,
    close: () => controller.abort(),
  };
}
