import { crc32, inflateSync } from 'node:zlib';

/** Decodes a `data:image/png;base64,` URI far enough to prove it is a real, intact PNG image. */
export function decodePngDataUri(uri: string): { width: number; height: number; pixelBytes: number } {
  const prefix = 'data:image/png;base64,';
  if (!uri.startsWith(prefix)) throw new Error('not a PNG data URI');
  const png = Buffer.from(uri.slice(prefix.length), 'base64');
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error('PNG signature bytes missing');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const body = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    if (crc32(png.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
    }
    if (type === 'IDAT') data.push(body);
    if (type === 'IEND') ended = true;
    offset += 12 + length;
  }
  if (!ended || width === 0 || height === 0) throw new Error('incomplete PNG');
  return { width, height, pixelBytes: inflateSync(Buffer.concat(data)).length };
}
