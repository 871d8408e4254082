// A software WebAuthn authenticator for the workers tests: an ES256 key pair from WebCrypto, attestation
// "none", the attestation object CBOR-encoded with the CBOR helper @simplewebauthn/server itself uses. It
// answers the server's real options the way a browser and a platform authenticator would, and can be told
// to misbehave (another origin, no user verification, a counter that does not move) to test refusals.
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const enc = new TextEncoder();

type Json = Record<string, unknown>;

type Bytes = Uint8Array<ArrayBuffer>;

async function sha256(bytes: Bytes): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function uint32(n: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

/** WebCrypto signs ECDSA as r||s; WebAuthn carries it DER-encoded (a SEQUENCE of two INTEGERs). */
function derSignature(raw: Uint8Array): Bytes {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0] & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const b64 = (bytes: Bytes) => isoBase64URL.fromBuffer(bytes);

export type Misbehaviour = {
  origin?: string;
  rpId?: string;
  /** false: the user was present but not verified (no fingerprint, face or PIN). */
  userVerified?: boolean;
  challenge?: string;
  type?: string;
  /** The signature counter to send instead of the next one (a cloned key's would lag behind). */
  counter?: number;
};

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32));
  counter = 0;
  userHandle: string | null = null;
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return new SoftAuthenticator(keys);
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array, counter = this.counter): Promise<Bytes> {
    return concat(
      await sha256(enc.encode(rpId)),
      new Uint8Array([flags]),
      uint32(counter),
      attested ?? new Uint8Array(),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Bytes {
    return enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for the server's creation options, as @simplewebauthn/browser sends it. */
  async register(options: Json, m: Misbehaviour = {}): Promise<Json> {
    const rp = options.rp as { id: string };
    this.userHandle = (options.user as { id: string }).id;
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const attested = concat(
      new Uint8Array(16),
      new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]),
      this.credentialId,
      cose,
    );
    const flags = 0x01 | (m.userVerified === false ? 0 : 0x04) | 0x40;
    const authData = await this.authData(m.rpId ?? rp.id, flags, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      m.type ?? "webauthn.create",
      m.challenge ?? (options.challenge as string),
      m.origin ?? "http://localhost",
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: { credProps: { rk: true } },
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get() for the server's request options (a discoverable key: it sends the handle). */
  async assert(options: Json, m: Misbehaviour = {}): Promise<Json> {
    if (m.counter === undefined) this.counter++;
    const flags = 0x01 | (m.userVerified === false ? 0 : 0x04);
    const authData = await this.authData(m.rpId ?? (options.rpId as string), flags, undefined, m.counter);
    const clientDataJSON = this.clientData(
      m.type ?? "webauthn.get",
      m.challenge ?? (options.challenge as string),
      m.origin ?? "http://localhost",
    );
    const raw = new Uint8Array(
      await crypto.subtle.sign(
        { name: "ECDSA", hash: "SHA-256" },
        this.keys.privateKey,
        concat(authData, await sha256(clientDataJSON)),
      ),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
