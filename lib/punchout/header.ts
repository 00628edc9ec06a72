import { badDocument, CxmlError } from './status';
import { attribute, child, children, textOf, type XmlNode } from './xml';

// The envelope every cXML request shares: `<cXML payloadID timestamp>` and the Header's From, To and Sender
// credentials. The shop checks them against a company's punch-out settings; here they are only read.

export interface Credential {
  /** `NetworkID`, `DUNS`, a buyer's own domain… */
  domain: string;
  identity: string;
}

export interface CxmlEnvelope {
  payloadId: string;
  timestamp: string;
  from: Credential[];
  to: Credential[];
  sender: Credential[];
  /** the Sender's SharedSecret (cXML puts it in the Sender's credential) */
  sharedSecret: string;
  userAgent?: string;
  /** the `<Request>` element, whose one child is the request */
  request: XmlNode;
}

function credentials(party: XmlNode | undefined, name: string): Credential[] {
  const found = children(party, 'Credential').map((credential) => ({
    domain: attribute(credential, 'domain') ?? '',
    identity: textOf(child(credential, 'Identity'))?.trim() ?? '',
  }));
  if (found.length === 0 || found.some((credential) => !credential.domain || !credential.identity))
    throw badDocument(`Header/${name} needs a Credential with a domain and an Identity`);
  return found;
}

export function readEnvelope(document: XmlNode): CxmlEnvelope {
  const cxml = child(document, 'cXML');
  if (!cxml) throw badDocument('The document is not cXML');
  const payloadId = attribute(cxml, 'payloadID');
  const timestamp = attribute(cxml, 'timestamp');
  if (!payloadId) throw badDocument('cXML needs a payloadID');
  if (!timestamp || Number.isNaN(Date.parse(timestamp)))
    throw badDocument('cXML needs a timestamp');
  const header = child(cxml, 'Header');
  if (!header) throw badDocument('cXML needs a Header');
  const sender = child(header, 'Sender');
  const sharedSecret = children(sender, 'Credential')
    .map((credential) => textOf(child(credential, 'SharedSecret')))
    .find((secret) => secret !== undefined);
  if (!sharedSecret) throw new CxmlError(401, 'The Sender credential carries no SharedSecret');
  const request = child(cxml, 'Request');
  if (!request) throw badDocument('cXML needs a Request');
  return {
    payloadId,
    timestamp,
    from: credentials(child(header, 'From'), 'From'),
    to: credentials(child(header, 'To'), 'To'),
    sender: credentials(sender, 'Sender'),
    sharedSecret,
    userAgent: textOf(child(sender, 'UserAgent')),
    request,
  };
}
