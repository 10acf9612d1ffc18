import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoFormatOf } from './photo-upload.ts';

const image = sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } });

describe('photo signatures', () => {
  it('knows JPEG, PNG and WebP by their first bytes', async () => {
    expect(photoFormatOf(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(photoFormatOf(await image.clone().png().toBuffer())).toBe('png');
    expect(photoFormatOf(await image.clone().webp().toBuffer())).toBe('webp');
  });

  it('refuses everything else, whatever it is called: GIF, SVG, a RIFF that is not WebP, text, nothing', async () => {
    expect(photoFormatOf(await image.clone().gif().toBuffer())).toBeNull();
    expect(photoFormatOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(photoFormatOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(photoFormatOf(Buffer.from('not an image at all'))).toBeNull();
    expect(photoFormatOf(Buffer.alloc(0))).toBeNull();
    expect(photoFormatOf(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});
