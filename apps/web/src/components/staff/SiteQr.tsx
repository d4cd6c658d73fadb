/** A QR code of `text` as an image (drawn once per text), with the address written beside it. */
import { useEffect, useState } from 'react';
import { qrDataUrl } from '../../lib/site-qr.ts';

export function QrCode({ text, label, size = 96 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(text).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className="cr-qr" src={src} width={size} height={size} alt={label} data-testid="qr-code" />
  ) : (
    <span className="cr-qr" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
