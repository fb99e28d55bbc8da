import { HTTPError } from 'ky';

import type { OpsProduct, OpsProductPage, ProductCreate, ProductEdit } from '../../../server/schemas/ops';
import { customerApi } from '../auth';

export type { OpsProduct };

export interface StaffMe {
  id: string;
  mobile: string;
  role: 'picker' | 'manager' | 'admin';
  storeId: number | null;
  storeName: string | null;
  may: { editCatalogue: boolean; readAudit: boolean; advanceOrders: boolean; cancelOrders: boolean };
}

export interface Subcategory {
  id: number;
  name: string;
  parentId: number;
  parentName: string;
}

export interface AuditRecord {
  id: number;
  at: string;
  actor: 'console' | 'cli';
  staffId: string | null;
  staffMobile: string | null;
  action: string;
  targetType: string;
  targetId: string;
  productId: number | null;
  before: unknown;
  after: unknown;
}

/** What the server said went wrong: its `code` and `message`, or a network failure. */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The server's error body as an OpsError; a failure without an answer says how to recover. */
export async function asOpsError(error: unknown): Promise<OpsError> {
  if (error instanceof OpsError) return error;
  if (error instanceof HTTPError) {
    // ky has read the failed answer's body into `data` (the response body is used up).
    const body = (error as HTTPError & { data?: unknown }).data as
      { code?: string; message?: string; data?: unknown } | undefined;
    return new OpsError(
      body?.message ?? `The server answered ${error.response.status}. Try again.`,
      error.response.status,
      body?.code ?? 'UNKNOWN',
      body?.data,
    );
  }
  return new OpsError('Could not reach the server. Check the connection and try again.', 0, 'NETWORK');
}

export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw await asOpsError(error);
  }
}

export const getMe = () => call(() => customerApi.get('ops/me').json<{ data: StaffMe }>()).then((r) => r.data);

export const listCategories = () =>
  call(() => customerApi.get('ops/categories').json<{ data: Subcategory[] }>()).then((r) => r.data);

export const listProducts = (q: string, page: number) =>
  call(() =>
    customerApi.get('ops/products', { searchParams: { ...(q && { q }), page, pageSize: 20 } }).json<OpsProductPage>(),
  );

export const getProduct = (id: number) =>
  call(() => customerApi.get(`ops/products/${id}`).json<{ data: OpsProduct }>()).then((r) => r.data);

export const editProduct = (id: number, edit: ProductEdit) =>
  call(() => customerApi.patch(`ops/products/${id}`, { json: edit }).json<{ data: OpsProduct }>()).then((r) => r.data);

export const createProduct = (product: ProductCreate) =>
  call(() => customerApi.post('ops/products', { json: product }).json<{ data: OpsProduct }>()).then((r) => r.data);

export const listAudit = (filters: { mobile?: string; productId?: number; before?: number }) =>
  call(() =>
    customerApi
      .get('ops/audit', {
        searchParams: Object.fromEntries(
          Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, string | number>,
      })
      .json<{ data: AuditRecord[]; next: number | null }>(),
  );

/**
 * Sends a photo file as the request body, reporting upload progress (0 to 1); fetch cannot
 * report it, XMLHttpRequest can. The server decides by the bytes what the file is.
 */
export function uploadPhoto(id: number, file: File, onProgress: (fraction: number) => void): Promise<OpsProduct> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/ops/products/${id}/photo`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { data?: OpsProduct; code?: string; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: a proxy's error page; the status says enough.
      }
      if (xhr.status === 200 && body?.data) resolve(body.data);
      else
        reject(
          new OpsError(
            body?.message ?? `The upload failed (${xhr.status}). Try again.`,
            xhr.status,
            body?.code ?? 'UNKNOWN',
          ),
        );
    };
    xhr.onerror = () =>
      reject(new OpsError('The upload did not reach the server. Check the connection and try again.', 0, 'NETWORK'));
    xhr.send(file);
  });
}
