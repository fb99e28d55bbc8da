import type { Input, KyInstance, KyResponse, Options } from 'ky';

/** Spec point 9: every API call gives up after 3600 ms. */
export const API_TIMEOUT_MS = 3600;

/**
 * ky itself arrives in a chunk of its own, asked for as soon as this module runs, beside the
 * route's chunk (decision 044): a page the server rendered needs no request to start, so the
 * first load leaves out the 8 KB gzip of the HTTP client. A download that failed (a first visit
 * on a dropping connection, before the service worker has the file) is asked for again by the
 * next call, rather than failing every call until a reload (decision 056); a call made offline
 * still fails at once, as the screens expect.
 */
const createClient = () =>
  import('ky').then(({ default: ky }) =>
    extensions.reduce(
      (client, options) => client.extend(options),
      ky.create({
        prefix: '/api',
        timeout: API_TIMEOUT_MS,
        credentials: 'same-origin',
        retry: { limit: 1, methods: ['get'] },
        headers: { Accept: 'application/json' },
      }),
    ),
  );

/** Options added by `extendApi`, in order. */
const extensions: Options[] = [];
let current: Promise<KyInstance> | undefined;

/** Keeps `loading` as the client until it fails; then the next call asks again. */
const track = (loading: Promise<KyInstance>) => {
  loading.catch(() => {
    if (current === loading) current = undefined;
  });
  return loading;
};

const client = (): Promise<KyInstance> => (current ??= track(createClient()));
// Asked for in a task of its own: starting a module's download is work too, and the first task
// (evaluating the entry's modules) is the longest of the start (issue 20).
setTimeout(() => void client(), 0);

/** A call's answer, read the ways this app reads one: ky's response promise. */
export interface ApiResponse extends PromiseLike<KyResponse> {
  json<T = unknown>(): Promise<T>;
  text(): Promise<string>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** ky's instance, for the methods this app calls, working before ky has arrived. */
export type ApiClient = Record<Method, (input: Input, options?: Options) => ApiResponse> & {
  extend(options: Options): ApiClient;
};

function lazyClient(instance: () => Promise<KyInstance>): ApiClient {
  const call =
    (method: Method) =>
    (input: Input, options?: Options): ApiResponse => {
      // Boxed: a promise resolved with ky's response promise would wait for it and drop `.json()`.
      const sent = instance().then((ky) => ({ response: ky[method](input, options) }));
      return {
        then: (onFulfilled, onRejected) => sent.then(({ response }) => response).then(onFulfilled, onRejected),
        json: () => sent.then(({ response }) => response.json()),
        text: () => sent.then(({ response }) => response.text()),
      };
    };
  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
    extend: (options) => {
      // Extended from whichever instance is current when a call is made (made once for each):
      // an extension made while ky's chunk was still arriving survives a failed download, and
      // follows later `extendApi` options too.
      const made = new WeakMap<KyInstance, KyInstance>();
      return lazyClient(() =>
        instance().then((ky) => {
          let extended = made.get(ky);
          if (!extended) made.set(ky, (extended = ky.extend(options)));
          return extended;
        }),
      );
    },
  };
}

/**
 * The one HTTP client for our API (same origin, under /api). The session travels in the
 * HttpOnly `_auth` cookie, so requests carry it without the page ever seeing the token.
 */
export const api = lazyClient(client);

/**
 * Adds options to every later request, for code that is not needed at first paint (the
 * location feature's dark store, decision 034): it stays in its own lazily loaded chunk, and
 * `api` sends with them from then on.
 */
export const extendApi = (options: Options) => {
  extensions.push(options);
  // The instance made (or being made) extended; made afresh, with every extension, if it failed.
  if (current) current = track(current.then((ky) => ky.extend(options), createClient));
};
