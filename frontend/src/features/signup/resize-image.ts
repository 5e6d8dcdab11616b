export interface ResizeOptions {
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality from 0 to 1; SPEC's default 100 is 1 here. */
  quality: number;
}

/**
 * An image no larger than the bounds, as JPEG (SPEC section 3: image fields resize to a maximum width and height).
 * A smaller image is re-encoded too, so what is uploaded is always a plain JPEG without the original's metadata.
 */
export async function resizeImage(file: Blob, { maxWidth, maxHeight, quality }: ResizeOptions): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxWidth / bitmap.width, maxHeight / bitmap.height);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG would turn black without a white ground.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), 'image/jpeg', quality);
    });
  } finally {
    bitmap.close();
  }
}

/** The file's name with the extension of what it became. */
export function jpegName(fileName: string): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
}
