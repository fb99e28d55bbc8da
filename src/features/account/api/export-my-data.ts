import { useCallback, useState } from 'react';

import { customerApi } from '../../auth';

export interface ExportedData {
  blob: Blob;
  filename: string;
}

const FALLBACK_FILENAME = 'quickcart-my-data.json';

/** The file name the server suggests in Content-Disposition, if any. */
export function filenameFrom(disposition: string | null): string {
  if (!disposition) return FALLBACK_FILENAME;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      return FALLBACK_FILENAME;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : FALLBACK_FILENAME;
}

/** GET /api/customer/me/export: everything we hold about the customer, as one JSON document. */
export async function exportMyData(): Promise<ExportedData> {
  // Gathering a whole account can take longer than an ordinary call.
  const response = await customerApi.get('customer/me/export', { timeout: 30_000 });
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition')) };
}

/** Hands a file to the browser's download, as a link with `download` would. */
export function saveFile({ blob, filename }: ExportedData) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; give slow devices a moment before freeing the data.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportStatus = 'idle' | 'pending' | 'done' | 'failed';

/** Fetches the export and saves it as a file; the status says how that went. */
export function useExportMyData() {
  const [status, setStatus] = useState<ExportStatus>('idle');
  const run = useCallback(async () => {
    setStatus('pending');
    try {
      saveFile(await exportMyData());
      setStatus('done');
    } catch (error) {
      console.info('Data export failed', error);
      setStatus('failed');
    }
  }, []);
  return { run, status };
}
