import { useEffect, useId, useMemo, useRef, useState } from 'react';

import { Button } from '../../../components/Button';
import { uploadPhoto, type OpsError, type OpsProduct } from '../api';
import * as styles from './ops.css';

/** What the server can decode (HEIC cannot be: decision 033; phones convert it to JPEG for this list). */
const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 10 * 1024 * 1024;

/** Choose a photo, see it, send it with a progress bar; the server makes the storefront's sizes. */
export function PhotoUpload({ product, onUploaded }: { product: OpsProduct; onUploaded: (p: OpsProduct) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The chosen file, shown before it is sent; its object URL is let go when it is replaced.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    setFailure(null);
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) {
      setFile(null);
      setFailure('The photo is larger than 10 MB. Choose a smaller file.');
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const saved = await uploadPhoto(product.id, file, setProgress);
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded(saved);
    } catch (error) {
      setFailure((error as OpsError).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Photo</h3>
      <div className={styles.row}>
        <figure>
          <img
            className={styles.preview}
            src={preview ?? product.img}
            alt={preview ? 'The chosen photo' : 'Current picture'}
          />
          <figcaption className={styles.meta}>
            {preview ? 'Chosen, not uploaded yet' : product.photo ? 'Current photo' : 'Illustration (no photo yet)'}
          </figcaption>
        </figure>
      </div>
      <label className={styles.label} htmlFor={`${id}-file`}>
        Choose a photo
        <span className={styles.hint}>
          JPEG, PNG or WebP, up to 10 MB, at least 480 × 480 px. HEIC is not supported.
        </span>
        <input
          ref={input}
          id={`${id}-file`}
          className={styles.input}
          type="file"
          accept={ACCEPT}
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </label>
      {progress !== null && (
        <progress className={styles.progress} max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div>
        <Button onClick={() => void send()} disabled={!file || progress !== null}>
          {progress !== null
            ? progress < 1
              ? `Uploading… ${Math.round(progress * 100)}%`
              : 'Processing…'
            : 'Upload photo'}
        </Button>
      </div>
    </section>
  );
}
