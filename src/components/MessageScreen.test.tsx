import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { MessageScreen } from './MessageScreen';

/** Something on the page before the message comes, with the focus on `focus`. */
function pageWith(html: string, focus: string) {
  document.body.innerHTML = html;
  document.querySelector<HTMLElement>(focus)!.focus();
}

const showMessage = () => render(<MessageScreen title="Not available offline">Nothing saved.</MessageScreen>);
const heading = () => screen.getByRole('heading', { name: 'Not available offline' });

describe('MessageScreen', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('takes the focus from the page it replaces, and from a link the shopper followed', () => {
    showMessage();
    expect(document.activeElement).toBe(heading());

    pageWith('<header><a href="/munchies" id="link">Munchies</a></header>', '#link');
    showMessage();
    expect(document.activeElement).toBe(heading());
  });

  it('leaves the focus in an open popover: its trigger or its panel', () => {
    // As the header's popovers are: the trigger, then its panel (a dialog, a menu or links).
    const popover =
      '<div><button aria-expanded="true" id="trigger">My Account</button><div role="menu"><a href="/account/orders" id="inside">My Orders</a></div></div>';
    pageWith(popover, '#inside');
    showMessage();
    expect(document.activeElement?.id).toBe('inside');

    pageWith(popover, '#trigger');
    showMessage();
    expect(document.activeElement?.id).toBe('trigger');
  });

  it('leaves the focus in a field being filled in', () => {
    pageWith('<form><input id="search" type="search" /></form>', '#search');
    showMessage();
    expect(document.activeElement?.id).toBe('search');
  });

  it('takes the focus from the trigger of a closed popover', () => {
    pageWith('<div><button aria-expanded="false" id="trigger">More</button><div hidden></div></div>', '#trigger');
    showMessage();
    expect(document.activeElement).toBe(heading());
  });
});
