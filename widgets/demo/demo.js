// The host page's own reaction to the shop's events (they bubble out of the shadow roots).
const log = document.getElementById('host-log');
for (const type of ['dc-added-to-cart', 'dc-cart-updated']) {
  document.addEventListener(type, (event) => {
    log.textContent = `${type}: ${event.detail.itemCount} in cart`;
  });
}
