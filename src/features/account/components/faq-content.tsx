import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { DELIVERY_CHARGE, FREE_DELIVERY_THRESHOLD, HANDLING_CHARGE } from '../../cart';
import { POLICY_LINKS, SUPPORT_EMAIL, SUPPORT_HOURS } from '../../policies';

export interface Faq {
  question: string;
  answer: ReactNode;
}

export interface FaqGroup {
  title: string;
  faqs: Faq[];
}

/** The answers shoppers ask for most; facts agree with the policies and the cart's bill. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: 'Delivery',
    faqs: [
      {
        question: 'How fast will my order arrive?',
        answer: (
          <>
            <p>
              We deliver from stores close to you, so most orders arrive the same day, often within minutes. Your cart
              shows the expected time before you order.
            </p>
            <p>
              The longest we commit to is set out in our{' '}
              <Link to={POLICY_LINKS.shipping.path as string}>Shipping Policy</Link>: orders are processed within 1-2
              working days and delivered within 4 working days.
            </p>
          </>
        ),
      },
      {
        question: 'Where do you deliver?',
        answer: (
          <p>
            Within India only, in the areas our stores serve: today Mumbai, Pune, Bangalore, Delhi and Noida. Every
            product page lets you check whether we deliver to your city.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Charges and payment',
    faqs: [
      {
        question: 'Is there a delivery charge?',
        answer: (
          <p>
            Delivery costs ₹{DELIVERY_CHARGE} when your items total ₹{FREE_DELIVERY_THRESHOLD} or less, and is free on
            orders above ₹{FREE_DELIVERY_THRESHOLD}.
          </p>
        ),
      },
      {
        question: 'What is the handling charge?',
        answer: (
          <p>
            A flat ₹{HANDLING_CHARGE} on every order, to cover packing your items with care. Both charges are shown in
            your cart&apos;s bill before you order.
          </p>
        ),
      },
      {
        question: 'How can I pay?',
        answer: (
          <>
            <p>
              Online by UPI, or by card, net banking or wallet, when you place the order; or cash on delivery: pay the
              delivery partner when your order arrives. An E-Gift Card balance can pay all or part of an order (add a
              card under E-Gift Cards in your account).
            </p>
            <p>
              While you pay online we keep your items for you. If a payment does not go through, no money is taken: try
              again, or choose another way to pay. An order paid online and cancelled is refunded to the account you
              paid from.
            </p>
          </>
        ),
      },
    ],
  },
  {
    title: 'Refunds and replacements',
    faqs: [
      {
        question: 'My order arrived damaged or wrong. What do I do?',
        answer: (
          <>
            <p>
              You get a refund or a replacement if the package is damaged, the boxes are unsealed or the wrong item is
              sent.
            </p>
            <p>
              E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> within 24 hours of delivery with your order
              number and photos of the package and the items. Requests after 24 hours or without photos cannot be
              accepted.
            </p>
          </>
        ),
      },
      {
        question: 'When will I get my refund?',
        answer: (
          <p>
            Approved refunds are credited within 72 working hours, to the original payment method. For cash-on-delivery
            orders we refund to the bank account or UPI ID you give us. See our{' '}
            <Link to={POLICY_LINKS.refund.path as string}>Refund Policy</Link>.
          </p>
        ),
      },
      {
        question: 'Can I return an item?',
        answer: (
          <p>
            No. Our items are edible, so for hygiene and safety we cannot take them back once delivered. Damaged,
            unsealed or wrong deliveries are covered by a refund or replacement instead.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Account and sign-in',
    faqs: [
      {
        question: 'How do I sign in?',
        answer: (
          <>
            <p>
              With your 10-digit Indian mobile number. We send a 6-digit one-time password (OTP) by SMS; it is valid for
              5 minutes. No account to create and no password to remember.
            </p>
            <p>
              If the code does not arrive, you can ask for a new one after 30 seconds. After 5 wrong tries a code stops
              working; request a new one.
            </p>
          </>
        ),
      },
      {
        question: 'How long do I stay signed in?',
        answer: (
          <p>
            Your sign-in renews itself while you shop, so you are not asked for a code every visit. To sign out on this
            device, use Logout in My Account.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Privacy',
    faqs: [
      {
        question: 'What do you do with my information?',
        answer: (
          <p>
            We keep only what we need to deliver your orders and support you, and we never sell it.{' '}
            <Link to="/account/privacy">Account Privacy</Link> lists what we keep and why; the{' '}
            <Link to={POLICY_LINKS.privacy.path as string}>Privacy Policy</Link> has the details.
          </p>
        ),
      },
      {
        question: 'Can I get a copy of my data or delete my account?',
        answer: (
          <p>
            Yes, both from <Link to="/account/privacy">Account Privacy</Link>: Download my data saves a copy as a file,
            and Delete my account removes your account and signs you out.
          </p>
        ),
      },
    ],
  },
];

export const SUPPORT_LINE = (
  <>
    Still need help? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>, {SUPPORT_HOURS}.
  </>
);
