import { api } from '../../../lib/api-client';

/** How long the form waits for the answer before saving anyway (the save checks it again). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Why saving an address at `gps` with this PIN code would be refused (a PIN code of a place far
 * from the map's point), asked before the save so that the message shows beside the field with
 * the draft still open. Null when it would be accepted, or when the server cannot be asked in
 * time: the save then goes ahead, and the server's answer to it decides.
 */
export async function pincodeRefusal(
  pincode: string,
  gps: { latitude: number; longitude: number },
): Promise<string | null> {
  try {
    const answer = await api
      .get('address/pincode-check', {
        searchParams: { pincode, lat: gps.latitude, lng: gps.longitude },
        timeout: CHECK_TIMEOUT_MS,
        retry: 0,
      })
      .json<{ data: { message: string | null } }>();
    return answer.data.message;
  } catch {
    return null;
  }
}
