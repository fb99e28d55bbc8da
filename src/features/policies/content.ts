import { SUPPORT_EMAIL, SUPPORT_HOURS } from './contact';
import { POLICY_LINKS, type PolicyLink } from './links';

/** A link to a page of the store, inside a paragraph. */
export interface PolicyPageLink {
  to: '/account/privacy';
  label: string;
}

/** A paragraph, a bulleted list, or a paragraph with links to pages of the store. */
export type PolicyBlock = string | { list: string[] } | { parts: (string | PolicyPageLink)[] };

export interface PolicySection {
  heading: string;
  blocks: PolicyBlock[];
}

export interface Policy {
  path: PolicyLink['path'];
  title: string;
  /** One or two sentences under the title. */
  intro: string;
  /** The facts a shopper looks for first, shown as a highlighted list. */
  keyFacts: string[];
  sections: PolicySection[];
}

const contactSection: PolicySection = {
  heading: 'Contact us',
  blocks: [
    `Write to us at ${SUPPORT_EMAIL}. Our customer support team is available ${SUPPORT_HOURS} and replies to every message.`,
  ],
};

export const privacyPolicy: Policy = {
  ...POLICY_LINKS.privacy,
  intro:
    'This policy explains what information QuickCart collects when you shop with us, why we collect it, how we protect it and the choices you have.',
  keyFacts: [
    'You must be 18 years of age or older to use QuickCart.',
    'We collect only what we need to deliver your orders and support you.',
    'We never sell your personal information.',
  ],
  sections: [
    {
      heading: 'Who may use QuickCart',
      blocks: [
        'Users must be 18 years of age or older. By creating an account or placing an order you confirm that you are at least 18.',
        'We do not knowingly collect personal information from anyone under 18. If we learn that we have, we delete it.',
      ],
    },
    {
      heading: 'Information we collect',
      blocks: [
        {
          list: [
            'Your mobile number, which you use to sign in with a one-time password (OTP).',
            'Your name and the delivery addresses you save, including the location you pick on the map.',
            'Your orders: items, amounts, delivery details and payment method.',
            'Your e-mail address, only if you subscribe to our offers.',
            'Basic technical information such as your browser type and the pages you visit, to keep the store working and secure.',
          ],
        },
      ],
    },
    {
      heading: 'How we use your information',
      blocks: [
        {
          list: [
            'To sign you in and keep your account secure.',
            'To prepare, deliver and support your orders, and to send you updates about them.',
            'To answer your questions and handle refunds and replacements.',
            'To improve our range, our delivery times and the store itself.',
            'To send offers, only when you have asked for them. You can unsubscribe at any time.',
          ],
        },
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        'We share only what is needed to serve you: your name, address and mobile number with the delivery partner bringing your order, and payment details with the payment provider handling them. We disclose information to authorities only when Indian law requires it.',
        'We do not sell or rent your personal information to anyone.',
      ],
    },
    {
      heading: 'Cookies and storage on your device',
      blocks: [
        'We use a cookie to keep you signed in, and your browser’s storage to remember your cart, your saved addresses and your chosen location, so the store works even on a poor connection. Signing out removes your session; clearing your browser data removes the rest.',
      ],
    },
    {
      heading: 'How we protect and keep your information',
      blocks: [
        'Your information travels over encrypted connections and is stored with access limited to the people who need it to serve you. We keep it only as long as your account is active or as the law requires, for example for tax records of your orders.',
      ],
    },
    {
      heading: 'Your choices',
      blocks: [
        'You can view and update your saved addresses in your account at any time.',
        {
          parts: [
            'You can also get a copy of your information or delete your account yourself, at any time, in ',
            { to: '/account/privacy', label: 'My Account › Account Privacy' },
            ' (sign in first). Download my data gives you everything we hold about your account as a file (JSON). Delete my account erases your mobile number and saved addresses and signs you out on every device; the records of past orders that the law requires us to keep stay, with nothing left that identifies you.',
          ],
        },
        `To correct anything you cannot change yourself, or for any other question about your information, write to us at ${SUPPORT_EMAIL}.`,
      ],
    },
    {
      heading: 'Changes to this policy',
      blocks: ['If we change this policy, we will update this page and, for important changes, tell you in the app.'],
    },
    contactSection,
  ],
};

export const shippingPolicy: Policy = {
  ...POLICY_LINKS.shipping,
  intro: 'Everything about where we deliver, how long it takes and what it costs.',
  keyFacts: [
    'We ship within India only.',
    'Orders are processed in 1-2 working days.',
    'Delivery within 4 working days.',
    `Customer support: ${SUPPORT_HOURS}.`,
  ],
  sections: [
    {
      heading: 'Where we deliver',
      blocks: [
        'We deliver within India only. We do not ship to addresses outside India.',
        'Within India, we deliver to the areas served by our stores. When you choose your delivery location, we tell you whether we can deliver there.',
      ],
    },
    {
      heading: 'Processing time',
      blocks: [
        'Orders are processed within 1-2 working days of being placed. Working days are Monday to Saturday, except public holidays.',
      ],
    },
    {
      heading: 'Delivery time',
      blocks: [
        'Your order is delivered within 4 working days. In areas close to our stores, most orders arrive much sooner, often on the same day; these are the longest times we commit to.',
        'You can follow every order in My Orders in your account.',
      ],
    },
    {
      heading: 'Delivery and handling charges',
      blocks: [
        {
          list: [
            'Delivery charge: ₹25 when your items total ₹99 or less; free delivery above ₹99.',
            'Handling charge: ₹5 per order.',
          ],
        },
        'Both are shown in your cart before you place the order.',
      ],
    },
    {
      heading: 'Delays',
      blocks: [
        'Rarely, heavy rain, local restrictions or other events outside our control can delay a delivery. If that happens, we let you know and deliver as soon as it is safe to do so.',
      ],
    },
    {
      heading: 'Damaged or wrong items',
      blocks: [
        'If your package arrives damaged, unsealed or with the wrong item, see our Refund Policy: report it within 24 hours and we will put it right.',
      ],
    },
    {
      heading: 'Customer support',
      blocks: [
        `Our support team is available ${SUPPORT_HOURS}. Write to us at ${SUPPORT_EMAIL} with your order number and we will help you.`,
      ],
    },
  ],
};

export const refundPolicy: Policy = {
  ...POLICY_LINKS.refund,
  intro:
    'We want every order to reach you in perfect condition. When something goes wrong, here is how we make it right.',
  keyFacts: [
    'Refund or replacement if the package is damaged, the boxes are unsealed or the wrong item is sent.',
    'Request it by e-mail with photos within 24 hours of delivery.',
    'Refunds are credited within 72 working hours.',
    'No returns, because our items are edible.',
  ],
  sections: [
    {
      heading: 'When you can get a refund or replacement',
      blocks: [
        'You are entitled to a refund or a replacement when:',
        {
          list: ['the package is damaged;', 'the boxes are unsealed; or', 'the wrong item is sent.'],
        },
      ],
    },
    {
      heading: 'How to ask for it',
      blocks: [
        `E-mail us at ${SUPPORT_EMAIL} within 24 hours of delivery. Please include:`,
        {
          list: [
            'your order number;',
            'what is wrong with the order; and',
            'photos of the package and of the items, showing the damage, the broken seal or the wrong item.',
          ],
        },
        'Requests made after 24 hours, or without photos, cannot be accepted.',
      ],
    },
    {
      heading: 'What happens next',
      blocks: [
        'We review your request and reply by e-mail. If it is approved, we send a replacement or refund you, as you prefer.',
        'Refunds are credited within 72 working hours, to the original payment method. For cash-on-delivery orders we refund to the bank account or UPI ID you give us.',
      ],
    },
    {
      heading: 'No returns',
      blocks: [
        'Our items are edible, so for hygiene and safety reasons we cannot take them back once they have been delivered. We do not accept returns; damaged, unsealed or wrong deliveries are covered by the refund and replacement process above.',
      ],
    },
    contactSection,
  ],
};

export const termsAndConditions: Policy = {
  ...POLICY_LINKS.terms,
  intro: 'These terms apply whenever you use QuickCart or place an order with us. Please read them carefully.',
  keyFacts: [
    'These terms are governed by the laws of India.',
    'Courts in Mysore have jurisdiction over any dispute.',
    'You must be 18 years of age or older to use QuickCart.',
  ],
  sections: [
    {
      heading: 'About these terms',
      blocks: [
        'By using QuickCart you agree to these terms, to our Privacy Policy, our Shipping Policy and our Refund Policy. If you do not agree, please do not use the store.',
      ],
    },
    {
      heading: 'Your account',
      blocks: [
        'You must be 18 years of age or older. You sign in with your Indian mobile number and a one-time password (OTP). Keep your phone and your OTPs to yourself: you are responsible for orders placed from your account.',
      ],
    },
    {
      heading: 'Orders and prices',
      blocks: [
        'Prices are in Indian rupees (₹). We try hard to show every product, price and offer correctly; if we find a mistake, we tell you before delivering and you may cancel the order.',
        'Placing an order is an offer to buy. We may decline or cancel an order, for example when an item is out of stock or the address is outside our delivery area; if you have already paid, we refund you in full.',
      ],
    },
    {
      heading: 'Delivery, refunds and returns',
      blocks: [
        'Deliveries are made within India as described in our Shipping Policy. Refunds, replacements and returns are covered by our Refund Policy.',
      ],
    },
    {
      heading: 'Using the store fairly',
      blocks: [
        'Do not misuse the store: no false orders, no attempts to break or overload it, and no use of other people’s numbers or accounts. We may suspend accounts that do.',
      ],
    },
    {
      heading: 'Our responsibility',
      blocks: [
        'We are responsible for delivering what you ordered in good condition. As far as the law allows, we are not liable for losses that were not foreseeable or that are caused by events outside our control.',
      ],
    },
    {
      heading: 'Governing law and jurisdiction',
      blocks: [
        'These terms are governed by the laws of India. Any dispute arising from them or from your use of QuickCart is subject to the jurisdiction of the courts in Mysore.',
      ],
    },
    {
      heading: 'Changes to these terms',
      blocks: ['We may update these terms. The version on this page applies to every order placed after the update.'],
    },
    contactSection,
  ],
};

/** In the order the footer lists them. */
export const POLICIES: readonly Policy[] = [privacyPolicy, shippingPolicy, termsAndConditions, refundPolicy];
