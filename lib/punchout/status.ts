// cXML answers a document with a status code of HTTP's meaning (cXML 1.2 reference, Status): 200 OK, 400 a document
// it can not read or whose content is wrong, 401 credentials refused, 406 not acceptable, 409 a conflict.

export type CxmlStatusCode = 200 | 400 | 401 | 403 | 406 | 409 | 500;

/** A document refused, with the status the cXML `Response` carries. */
export class CxmlError extends Error {
  constructor(
    readonly code: Exclude<CxmlStatusCode, 200>,
    message: string,
  ) {
    super(message);
    this.name = 'CxmlError';
  }
}

export const badDocument = (message: string) => new CxmlError(400, message);
