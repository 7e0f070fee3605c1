/**
 * A file a service answers (a PDF, an export, a stored upload): its bytes and how to send them. Services return it
 * and the route sends it with `sendFile`, so no service writes to the HTTP answer.
 */
export interface FileAnswer<B = Buffer> {
  body: B;
  contentType: string;
  /** The Content-Disposition header (`contentDisposition(name, kind)`). */
  disposition: string;
  size?: number;
  cacheControl?: string;
}
