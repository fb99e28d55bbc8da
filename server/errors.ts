/** An error whose message is safe to show to the client, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
