// A software WebAuthn authenticator for API tests (issue 31 item 3): it answers the server's
// registration and sign-in options as a browser with a platform authenticator would, with a real
// ES256 key pair from node:crypto and attestation 'none', so the tests verify real signatures.
// Its CBOR is written here (a few major types suffice), apart from the verifier's own decoder.
// Every part of an answer can be bent (origin, RP ID, flags, counter, challenge, key, user handle)
// to prove the server refuses it.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** RFC 8949: unsigned and negative integers, byte and text strings, maps (in the order given). */
export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('CBOR: integers only');
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn 6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type SoftwareCredential = {
  id: string;
  privateKey: KeyObject;
  /** The user handle the site gave at registration (base64url), returned at sign-in. */
  userHandle: string;
  rpId: string;
  counter: number;
};

/** What a test may bend in an answer. */
export type Bend = {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The user-verified flag (default on). */
  userVerified?: boolean;
  /** Sign-in: the counter to report instead of the next one. */
  counter?: number;
  /** Sign-in: sign with this key instead of the credential's. */
  signWith?: KeyObject;
  /** Sign-in: the user handle to report (null: none). */
  userHandle?: string | null;
  /** Sign-in: the credential id to name instead of the one used. */
  credentialId?: string;
  /** Registration: present this existing credential again (its id and key) instead of a new one. */
  credential?: SoftwareCredential;
};

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;

/** A platform authenticator for `origin` (the page the browser would be on). */
export function softwareAuthenticator(origin: string) {
  const credentials: SoftwareCredential[] = [];

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, bend: Bend): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? origin, crossOrigin: false })));
  }

  function flags(bend: Bend, extra = 0): number {
    return UP | (bend.userVerified === false ? 0 : UV) | extra;
  }

  return {
    credentials,

    /** Answers registration options as navigator.credentials.create() would (RegistrationResponseJSON). */
    register(options: CreationOptions, bend: Bend = {}) {
      const { privateKey, publicKey } = bend.credential
        ? { privateKey: bend.credential.privateKey, publicKey: createPublicKey(bend.credential.privateKey) }
        : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      // RFC 9053 EC2 key: kty 2, alg -7 (ES256), crv 1 (P-256), x, y.
      const cose = encodeCbor(
        new Map<CborValue, CborValue>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = bend.credential ? Buffer.from(bend.credential.id, 'base64url') : randomBytes(32);
      const rpId = bend.rpId ?? options.rp.id!;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(bend, AT)]), Buffer.alloc(4), Buffer.alloc(16), idLength, credentialId, cose]);
      const attestationObject = encodeCbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const credential: SoftwareCredential = bend.credential ?? { id: b64url(credentialId), privateKey, userHandle: options.user.id, rpId, counter: 0 };
      if (!bend.credential) credentials.push(credential);
      return {
        credential,
        response: {
          id: credential.id,
          rawId: credential.id,
          type: 'public-key' as const,
          response: { clientDataJSON: clientData('webauthn.create', options.challenge, bend), attestationObject: b64url(attestationObject), transports: ['internal'] },
          clientExtensionResults: { credProps: { rk: true } },
          authenticatorAttachment: 'platform' as const,
        },
      };
    },

    /** Answers sign-in options with `credential` (the newest by default), as navigator.credentials.get() would. */
    signIn(options: RequestOptions, credential: SoftwareCredential = credentials.at(-1)!, bend: Bend = {}) {
      if (bend.counter === undefined) credential.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(bend.counter ?? credential.counter);
      const rpId = bend.rpId ?? options.rpId ?? credential.rpId;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(bend)]), counter]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, bend);
      // ECDSA over authenticatorData || SHA-256(clientDataJSON), DER-encoded (node's default).
      const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), bend.signWith ?? credential.privateKey);
      const id = bend.credentialId ?? credential.id;
      const userHandle = bend.userHandle === undefined ? credential.userHandle : bend.userHandle;
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature), ...(userHandle === null ? {} : { userHandle }) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
    },
  };
}
