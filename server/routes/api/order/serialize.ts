import type { Charges } from '../../../domain/charges';
import { DELIVERY_MESSAGES, type Serviceability as Served } from '../../../domain/delivery';
import { paiseToRupees as rupees } from '../../../domain/money';
import type { OrderDetail, OrderPaymentDetail, OrderSummary as SummaryRow } from '../../../db/orders/read';
import type { CurrentLine as CurrentLineRow } from '../../../domain/order-rules';
import type { Bill, CurrentLine, Order, OrderPayment, OrderSummary, Serviceability } from '../../../schemas/order';

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
      ...(address.pincode && { pincode: address.pincode }),
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
    payment: toPayment(order.payment, order.paymentLabel),
    timeline: order.timeline.map((entry) => ({ status: entry.status, at: entry.at.toISOString() })),
    expectedBy: order.expectedBy?.toISOString() ?? null,
  };
}

export function toPayment(payment: OrderPaymentDetail, label: string): OrderPayment {
  return {
    method: payment.method,
    label,
    state: payment.state,
    amount: rupees(payment.amountPaise),
    paidAt: payment.paidAt?.toISOString() ?? null,
    failureReason: payment.failureReason,
    payBy: payment.payBy?.toISOString() ?? null,
    refund: payment.refund && {
      amount: rupees(payment.refund.amountPaise),
      state: payment.refund.state,
      updatedAt: payment.refund.updatedAt.toISOString(),
    },
  };
}

export const toSummary = (order: SummaryRow): OrderSummary => ({
  id: order.id,
  number: order.number,
  status: order.status,
  placedAt: order.createdAt.toISOString(),
  total: rupees(order.totalPaise),
  itemCount: order.itemCount,
  payment: toPayment(order.payment, order.paymentLabel),
  cancelReason: order.cancelReason,
  cancelledBy: order.cancelledBy as OrderSummary['cancelledBy'],
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
      store: { id: served.store.id, name: served.store.name, city: served.store.city },
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
