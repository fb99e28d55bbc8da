import type { Charges } from '../../../domain/charges';
import { DELIVERY_MESSAGES, type Serviceability as Served } from '../../../domain/delivery';
import { paiseToRupees as rupees } from '../../../domain/money';
import type { OrderDetail, OrderSummary as SummaryRow } from '../../../db/orders/read';
import type { CurrentLine as CurrentLineRow } from '../../../domain/order-rules';
import type { Bill, CurrentLine, Order, OrderSummary, Serviceability } from '../../../schemas/order';

export function toBill(charges: Charges): Bill {
  return {
    mrpTotal: rupees(charges.mrpPaise),
    productDiscount: rupees(charges.savingsPaise),
    itemsTotal: rupees(charges.itemsPaise),
    deliveryCharge: rupees(charges.deliveryPaise),
    handlingCharge: rupees(charges.handlingPaise),
    billTotal: rupees(charges.totalPaise),
    giftCardPaid: rupees(charges.walletPaise),
    toPay: rupees(charges.payablePaise),
  };
}

export function toOrder(order: OrderDetail): Order {
  const { address } = order;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    placedAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    etaMinutes: order.etaMinutes,
    cancelReason: order.cancelReason,
    cancelledBy: order.cancelledBy as Order['cancelledBy'],
    paymentMethod: order.paymentLabel,
    canCancel: order.canCancel,
    address: {
      tag: address.tag,
      name: address.name,
      buildingName: address.buildingName,
      floor: address.floor,
      nearBy: address.nearBy,
      locality: address.locality,
      city: address.city,
      mobile: address.mobile,
      gps: { latitude: address.latitude, longitude: address.longitude },
    },
    store: order.store,
    items: order.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      img: item.image,
      size: item.packSize,
      price: rupees(item.pricePaise),
      mrp: rupees(item.mrpPaise),
      quantity: item.quantity,
    })),
    bill: toBill(order.charges),
  };
}

export const toSummary = (order: SummaryRow): OrderSummary => ({
  id: order.id,
  number: order.number,
  status: order.status,
  placedAt: order.createdAt.toISOString(),
  total: rupees(order.totalPaise),
  itemCount: order.itemCount,
});

export const toCurrentLine = (line: CurrentLineRow): CurrentLine => ({
  productId: line.productId,
  name: line.name,
  price: rupees(line.pricePaise),
  mrp: rupees(line.mrpPaise),
  quantity: line.quantity,
  available: line.available,
  problem: line.problem,
});

const roundKm = (km: number) => Math.round(km * 10) / 10;

export function toServiceability(served: Served): Serviceability {
  if (served.serviceable) {
    return {
      serviceable: true,
      store: { name: served.store.name, city: served.store.city },
      distanceKm: roundKm(served.distanceKm),
      etaMinutes: served.etaMinutes,
      message: DELIVERY_MESSAGES.served(served.etaMinutes),
    };
  }
  return {
    serviceable: false,
    store: null,
    distanceKm: served.nearest ? roundKm(served.nearest.distanceKm) : null,
    etaMinutes: null,
    message: DELIVERY_MESSAGES.notServed,
  };
}
