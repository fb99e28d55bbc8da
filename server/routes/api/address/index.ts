import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { addAddress, deleteAddress, listAddresses, updateAddress } from '../../../db/address-queries';
import type { AddressRow } from '../../../db/schema';
import {
  ADDRESS_MESSAGES,
  baseVersion,
  checkAddress,
  isUuid,
  type AddressInput,
  type AddressValue,
  MAX_ADDRESSES_PER_CUSTOMER,
  MAX_INT4,
} from '../../../domain/address';
import { apiError, badRequest, errorBody, HttpError } from '../../../errors';
import { cityAt, pincodeAt, pincodeElsewhere } from '../../../geo/pincode';
import { signedIn, signedInSecurity, type SignedInCustomer } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import {
  Address as AddressSchema,
  AddressAnswer,
  AddressBody,
  AddressConflict,
  AddressDeleted,
  AddressIdParams,
  AddressList,
  AddressListQuery,
  PincodeCheckAnswer,
  PincodeCheckQuery,
  UserIdParams,
  type Address,
} from '../../../schemas/address';
import { keepOutOfCaches } from '../../no-store';

const tags = ['address'];

/**
 * The spec's paths, kept as they are although an API designed today would not have them:
 * `/api/address/` ends in a slash, and `/api/address/{userId}` (POST) and
 * `/api/address/{addressId}` (PUT, DELETE) differ only in the parameter's name.
 */
const SPEC_FIXED_PATH = {
  'x-spec-fixed-path':
    'Spec point 7 fixes this path (a trailing slash on the list; {userId} to add, {addressId} to edit ' +
    'or delete): the storefront calls it as it is, so it keeps its shape.',
};

/** Spec point 3's Address: `_id`, `gps {latitude, longitude}`, optional fields left out when empty. */
export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    customer: row.customerId,
    tag: row.tag,
    locality: row.locality,
    buildingName: row.buildingName,
    ...(row.floor !== null && { floor: row.floor }),
    ...(row.nearBy !== null && { nearBy: row.nearBy }),
    name: row.name,
    ...(row.mobile !== null && { mobile: row.mobile }),
    gps: { latitude: row.latitude, longitude: row.longitude },
    city: row.city,
    ...(row.area !== null && { area: row.area }),
    ...(row.state !== null && { state: row.state }),
    ...(row.pincode !== null && { pincode: row.pincode }),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Why a PIN code does not go with a point: it belongs to a place far away. Null when it may. */
async function pincodeRefusal(pincode: string, latitude: number, longitude: number): Promise<string | null> {
  const elsewhere = await pincodeElsewhere(pincode, latitude, longitude);
  if (!elsewhere) return null;
  return ADDRESS_MESSAGES.pincodeElsewhere(pincode, [...new Set([elsewhere.city, elsewhere.state])].join(', '));
}

/**
 * The address with its PIN code: the one sent, or else the gazetteer's for its coordinates (an
 * older client's add, queued offline before the form had the field). A 400 when neither exists,
 * or when the one sent belongs to a place far from the address's point (another city or state).
 */
async function withPincode(input: AddressInput): Promise<AddressValue> {
  if (input.pincode !== null) {
    const refused = await pincodeRefusal(input.pincode, input.latitude, input.longitude);
    if (refused) throw badRequest(refused);
    return { ...input, pincode: input.pincode };
  }
  const pincode = await pincodeAt(input.latitude, input.longitude);
  if (pincode === null) throw badRequest(ADDRESS_MESSAGES.pincodeUnknown);
  return { ...input, pincode };
}

/**
 * The body with a city from its point when it has none: an address pinned on the map offline (or
 * entered by hand), whose locality the shopper typed, is named when it reaches the server. A body
 * without a usable point, or a point the gazetteer cannot place, is left for checkAddress to refuse.
 */
async function withCityFromGps(body: unknown): Promise<unknown> {
  if (!body || typeof body !== 'object') return body;
  const raw = body as Record<string, unknown>;
  if (typeof raw.city === 'string' && raw.city.trim() !== '') return body;
  const gps = (raw.gps && typeof raw.gps === 'object' ? raw.gps : {}) as Record<string, unknown>;
  const { latitude, longitude } = gps;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return body;
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return body;
  }
  const found = await cityAt(latitude, longitude);
  if (!found) return body;
  const state = typeof raw.state === 'string' && raw.state.trim() !== '' ? raw.state : found.state;
  return { ...raw, city: found.city, state };
}

/** The customer named in a path or query must be the signed-in one: 403 otherwise, never data. */
function requireSelf(me: SignedInCustomer, customerId: string) {
  if (customerId !== me.id) throw new HttpError(403, ADDRESS_MESSAGES.notYours);
}

/** An address id that is not a UUID cannot be anyone's address: the same 404 as a missing one. */
function addressIdOf(params: { addressId: string }): string {
  if (!isUuid(params.addressId)) throw new HttpError(404, ADDRESS_MESSAGES.notFound);
  return params.addressId.toLowerCase();
}

/**
 * Saved addresses (spec point 7): the paths are the spec's. Ownership comes from the session,
 * never from the URL: another customer's id is 403, another customer's address is 404.
 */
const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  app.addSchema(AddressSchema);

  keepOutOfCaches(app);

  app.get(
    '/api/address/pincode-check',
    {
      schema: {
        operationId: 'checkAddressPincode',
        tags,
        summary: 'Would a PIN code be accepted for an address at this point',
        description:
          "The address form asks before saving, so that a PIN code the save would refuse (one of a place far from the map's point, " +
          'another city or state) is shown beside the field with the draft still open. Public: it reads only the bundled gazetteer.',
        querystring: PincodeCheckQuery,
        response: { 200: PincodeCheckAnswer, 400: ErrorResponse },
      },
    },
    async (request) => {
      const { pincode, lat, lng } = request.query;
      return { success: true as const, data: { pincode, message: await pincodeRefusal(pincode, lat, lng) } };
    },
  );

  app.get(
    '/api/address/',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getAddresses',
        ...SPEC_FIXED_PATH,
        tags,
        security: signedInSecurity,
        summary: "The signed-in customer's saved addresses",
        querystring: AddressListQuery,
        response: { 200: AddressList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      requireSelf(me, request.query.customer);
      const rows = await listAddresses(db, me.id);
      return { success: true as const, data: rows.map(toAddress) };
    },
  );

  app.post(
    '/api/address/:userId',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        operationId: 'addAddress',
        ...SPEC_FIXED_PATH,
        tags,
        security: signedInSecurity,
        summary: 'Save a new address',
        description: `At most ${MAX_ADDRESSES_PER_CUSTOMER} per customer (409 beyond). An \`_id\` chosen by the client makes a retried add idempotent.`,
        params: UserIdParams,
        body: AddressBody,
        response: {
          201: AddressAnswer,
          200: AddressAnswer,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          409: ErrorResponse,
          415: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      requireSelf(me, request.params.userId);
      const checked = checkAddress(await withCityFromGps(request.body));
      if (!checked.ok) throw badRequest(checked.message);
      const rawId = (request.body as { _id?: unknown } | undefined)?._id;
      if (rawId !== undefined && !isUuid(rawId)) throw badRequest('_id: must be a UUID');
      const value = await withPincode(checked.value);
      const result = await addAddress(db, me.id, value, rawId?.toLowerCase());
      switch (result.outcome) {
        case 'limit':
          throw apiError('ADDRESS_LIMIT_REACHED', ADDRESS_MESSAGES.limitReached(MAX_ADDRESSES_PER_CUSTOMER));
        case 'taken':
          throw apiError('ADDRESS_ID_TAKEN', '_id: is already in use; send the address without one');
        case 'existing':
          return reply
            .code(200)
            .send({ success: true as const, message: ADDRESS_MESSAGES.added, data: toAddress(result.address) });
        case 'added':
          return reply
            .code(201)
            .send({ success: true as const, message: ADDRESS_MESSAGES.added, data: toAddress(result.address) });
      }
    },
  );

  app.put(
    '/api/address/:addressId',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        operationId: 'updateAddress',
        ...SPEC_FIXED_PATH,
        tags,
        security: signedInSecurity,
        summary: 'Edit a saved address',
        description:
          'Send the `version` the edit is based on: when the address changed since then the answer is 409 with the current address in `data`, and nothing is saved.',
        params: AddressIdParams,
        body: AddressBody,
        response: {
          200: AddressAnswer,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: AddressConflict,
          415: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const addressId = addressIdOf(request.params);
      const checked = checkAddress(await withCityFromGps(request.body));
      if (!checked.ok) throw badRequest(checked.message);
      const version = baseVersion(request.body);
      if (version === 'invalid') throw badRequest(`version: must be a whole number from 1 to ${MAX_INT4}`);
      const value = await withPincode(checked.value);
      const result = await updateAddress(db, me.id, addressId, value, version, app.clock.now());
      if (result.outcome === 'missing') throw new HttpError(404, ADDRESS_MESSAGES.notFound);
      if (result.outcome === 'conflict') {
        return reply
          .code(409)
          .send({ ...errorBody('STALE_VERSION', ADDRESS_MESSAGES.conflict), data: toAddress(result.current) });
      }
      return { success: true as const, message: ADDRESS_MESSAGES.updated, data: toAddress(result.address) };
    },
  );

  app.delete(
    '/api/address/:addressId',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'deleteAddress',
        ...SPEC_FIXED_PATH,
        tags,
        security: signedInSecurity,
        summary: 'Delete a saved address',
        description: 'No body (spec point 7).',
        params: AddressIdParams,
        response: { 200: AddressDeleted, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const addressId = addressIdOf(request.params);
      if (!(await deleteAddress(db, me.id, addressId))) throw new HttpError(404, ADDRESS_MESSAGES.notFound);
      return { success: true as const, message: ADDRESS_MESSAGES.deleted };
    },
  );
};

export default addressRoutes;
