/**
 * Scenes and queries in a URL hash, to share them:
 *   small scenes: `#scene=<base64url of the JSON>&enc=deflate&from=..&to=..` (enc present when
 *                 the JSON was deflated with CompressionStream, absent for plain JSON);
 *   larger ones:  `#name=<shipped scene file>&from=..&to=..`.
 * Endpoints are waypoint ids or voxel indices written `x,y,z`.
 */

import { quote } from '../../../core/text.ts';
import { LIMITS } from '../../../core/limits.ts';

/** Encoded scenes longer than this (characters) are shared by name instead. */
export const MAX_HASH_SCENE = 6000;

export type ShareEndpoint = string | number[];

/** What a share hash carries. */
export interface SharedState {
  /** The scene's JSON text (from `scene=`), or null. */
  json: string | null;
  /** A shipped scene file or name (from `name=`), or null. */
  name: string | null;
  from: ShareEndpoint | null;
  to: ShareEndpoint | null;
}

/**
 * Where a shared scene's relative mesh paths are read from: as if it were a file in the app's
 * scenes/ folder, so an edited level shared as a link finds its shipped mesh; no other path is
 * read (see sceneMeshFiles.ts).
 */
export const SHARED_SCENE_PATH = 'scenes/shared.json';

/** The start of the errors for a `scene=` value that is not a shared scene. */
const NOT_SHARED = "the link's scene= value is not a shared scene";

/** Bytes as base64url (RFC 4648 §5, no padding). */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (padding optional) to bytes; throws an Error on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array {
  const bad = new Error(`${NOT_SHARED}: it is not valid base64url`);
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw bad;
  let bin: string;
  try {
    bin = atob(
      text
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .replace(/=+$/, '')
        .padEnd(Math.ceil(text.length / 4) * 4, '='),
    );
  } catch {
    throw bad;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** A shared scene that would be over the scene size limit (LIMITS.sceneFileBytes) once inflated. */
class TooLarge extends Error {}

/**
 * Deflated bytes inflated, stopping as soon as the output passes `limit` bytes (TooLarge):
 * a link of 100 kB can inflate to 100 MB, and the page must not hold what it will refuse.
 */
async function inflate(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.byteLength;
  }
  return out;
}

const tooLarge = (): Error => new Error(`the shared scene is more than ${LIMITS.sceneFileBytes / 2 ** 20} MiB (the scene size limit)`);

const hasCompression = (): boolean => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

function endpointText(e: ShareEndpoint): string {
  return typeof e === 'string' ? e : e.join(',');
}

function parseEndpoint(text: string | null): ShareEndpoint | null {
  if (text === null || text === '') return null;
  return /^-?\d+,-?\d+,-?\d+$/.test(text) ? text.split(',').map(Number) : text;
}

/**
 * The hash (with its `#`) sharing a scene and an optional query. The JSON goes in the hash
 * when its encoding is at most MAX_HASH_SCENE characters; otherwise `fileName` (a shipped
 * scene) is used, and null is returned when there is none.
 */
export async function encodeShare(
  json: string,
  fileName: string | null,
  from: ShareEndpoint | null = null,
  to: ShareEndpoint | null = null,
): Promise<string | null> {
  const params = new URLSearchParams();
  const raw = new TextEncoder().encode(json);
  const deflated = hasCompression();
  const scene = toBase64Url(deflated ? await pipe(raw, new CompressionStream('deflate')) : raw);
  if (scene.length <= MAX_HASH_SCENE) {
    params.set('scene', scene);
    if (deflated) params.set('enc', 'deflate');
  } else if (fileName !== null) {
    params.set('name', fileName);
  } else {
    return null;
  }
  if (from !== null) params.set('from', endpointText(from));
  if (to !== null) params.set('to', endpointText(to));
  return `#${params.toString()}`;
}

/**
 * The JSON text of a shared scene's bytes. Throws an Error naming the problem (never quoting
 * the bytes) when they are not UTF-8 text of a JSON object: the hash is not a share link.
 */
function sharedJson(bytes: Uint8Array, deflated: boolean): string {
  const what = NOT_SHARED;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${what}: it does not decode to text${deflated ? '' : ' (a link made by Share link has enc=deflate)'}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${what}: it decodes to text that is not JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${what}: it decodes to JSON that is not a scene document (an object)`);
  return text;
}

/** Reads a share hash; null when it carries no scene. Throws a readable Error on a damaged one. */
export async function decodeShare(hash: string): Promise<SharedState | null> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const scene = params.get('scene');
  const name = params.get('name');
  if (scene === null && name === null) return null;
  let json: string | null = null;
  if (scene !== null) {
    let bytes = fromBase64Url(scene);
    const enc = params.get('enc');
    if (enc === 'deflate') {
      if (!hasCompression()) throw new Error('this browser cannot inflate the shared scene (no DecompressionStream)');
      try {
        bytes = await inflate(bytes, LIMITS.sceneFileBytes);
      } catch (e) {
        if (e instanceof TooLarge) throw tooLarge();
        throw new Error('the shared scene is damaged (it does not inflate)');
      }
    } else if (enc !== null) {
      throw new Error(`the shared scene has an unknown encoding ${quote(enc)}`);
    }
    if (bytes.byteLength > LIMITS.sceneFileBytes) throw tooLarge();
    json = sharedJson(bytes, enc === 'deflate');
  }
  return { json, name: scene === null ? name : null, from: parseEndpoint(params.get('from')), to: parseEndpoint(params.get('to')) };
}
