/*
 * The Square sandbox emulator's stand-in for Square's Web Payments SDK (https://web.squarecdn.com/v1/square.js):
 * the same surface (Square.payments(appId, locationId).card() → attach, tokenize, destroy) and result
 * shapes, with a card form rendered in the page. Tokenize sends the card to the emulator that served
 * this script, which checks it and mints a single-use `cnon:` token. It runs under a strict
 * Content-Security-Policy: no eval, no inline style markup (styles are set through the CSSOM).
 */
(function () {
  'use strict';
  if (window.Square) return;

  var script = document.currentScript;
  var ORIGIN = script && script.src ? new URL(script.src).origin : window.location.origin;

  var COLORS = {
    background: '#141018',
    field: '#1d1723',
    border: '#3b3045',
    text: '#ece6f2',
    muted: '#a899b8',
    focus: '#b48ef0',
    error: '#f28b8b',
  };

  function sdkError(name, message) {
    var error = new Error(message);
    error.name = name;
    return error;
  }

  function style(element, rules) {
    for (var key in rules) element.style[key] = rules[key];
    return element;
  }

  var FIELDS = [
    { name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23, format: formatCardNumber },
    { name: 'expirationDate', label: 'Expiration (MM/YY)', autocomplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5, format: formatExpiry },
    { name: 'cvv', label: 'CVV', autocomplete: 'cc-csc', placeholder: '123', maxLength: 4, format: digitsOnly },
    { name: 'postalCode', label: 'Postal code', autocomplete: 'postal-code', placeholder: '12345', maxLength: 10, format: null },
  ];

  function digitsOnly(value) {
    return value.replace(/\D/g, '');
  }

  /** Groups of four, or 4-6-5 for American Express, as the card is printed. */
  function formatCardNumber(value) {
    var digits = digitsOnly(value).slice(0, 19);
    var groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var parts = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < digits.length; i++) {
      parts.push(digits.slice(at, at + groups[i]));
      at += groups[i];
    }
    return parts.join(' ');
  }

  function formatExpiry(value) {
    var digits = digitsOnly(value).slice(0, 4);
    return digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
  }

  function buildField(spec, id) {
    var wrapper = style(document.createElement('div'), { display: 'flex', flexDirection: 'column', gap: '4px', flex: spec.name === 'cardNumber' ? '1 1 100%' : '1 1 90px', minWidth: '0' });
    var label = style(document.createElement('label'), { display: 'flex', flexDirection: 'column', gap: '4px', color: COLORS.muted, fontSize: '0.8rem', letterSpacing: '0.04em' });
    var caption = document.createElement('span');
    caption.textContent = spec.label;
    var input = document.createElement('input');
    input.type = 'text';
    input.name = spec.name;
    input.autocomplete = spec.autocomplete;
    input.placeholder = spec.placeholder;
    input.maxLength = spec.maxLength;
    input.spellcheck = false;
    if (spec.name !== 'postalCode') input.inputMode = 'numeric';
    style(input, {
      boxSizing: 'border-box',
      width: '100%',
      padding: '10px 12px',
      background: COLORS.field,
      color: COLORS.text,
      border: '1px solid ' + COLORS.border,
      borderRadius: '6px',
      font: 'inherit',
      fontSize: '1rem',
      outline: 'none',
    });
    var error = style(document.createElement('span'), { color: COLORS.error, fontSize: '0.8rem', minHeight: '1em' });
    error.id = id + '-error';
    error.setAttribute('aria-live', 'polite');
    input.setAttribute('aria-describedby', error.id);

    input.addEventListener('input', function () {
      if (spec.format) input.value = spec.format(input.value);
      setError(field, '');
    });
    input.addEventListener('focus', function () {
      style(input, { borderColor: COLORS.focus, boxShadow: '0 0 0 3px rgba(180, 142, 240, 0.45)' });
    });
    input.addEventListener('blur', function () {
      style(input, { borderColor: field.invalid ? COLORS.error : COLORS.border, boxShadow: 'none' });
    });

    label.append(caption, input);
    wrapper.append(label, error);
    var field = { name: spec.name, wrapper: wrapper, input: input, error: error, invalid: false };
    return field;
  }

  function setError(field, message) {
    field.invalid = Boolean(message);
    field.error.textContent = message;
    field.input.setAttribute('aria-invalid', message ? 'true' : 'false');
    // Inside the shadow root the document's activeElement is the host, so ask the root.
    var focused = field.input.getRootNode().activeElement === field.input;
    style(field.input, { borderColor: message ? COLORS.error : focused ? COLORS.focus : COLORS.border });
  }

  var forms = 0;

  function renderForm(target) {
    var host = document.createElement('div');
    host.setAttribute('data-square-emulator', 'card');
    var root = host.attachShadow({ mode: 'open' });
    var form = style(document.createElement('div'), {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '12px',
      padding: '16px',
      background: COLORS.background,
      border: '1px solid ' + COLORS.border,
      borderRadius: '8px',
      color: COLORS.text,
      fontFamily: 'inherit',
    });
    form.setAttribute('role', 'group');
    form.setAttribute('aria-label', 'Card details');
    var id = 'sq-emulator-card-' + ++forms;
    var fields = FIELDS.map(function (spec) {
      return buildField(spec, id + '-' + spec.name);
    });
    fields.forEach(function (field) {
      form.append(field.wrapper);
    });
    var note = style(document.createElement('p'), { flex: '1 1 100%', margin: '0', color: COLORS.muted, fontSize: '0.75rem' });
    note.textContent = 'Square sandbox emulator: no real card is charged. Test card 4111 1111 1111 1111, any future date.';
    form.append(note);
    root.append(form);
    target.append(host);
    return { host: host, fields: fields };
  }

  function Card(applicationId, locationId) {
    this._applicationId = applicationId;
    this._locationId = locationId;
    this._form = null;
    this._destroyed = false;
  }

  Card.prototype.attach = async function (target) {
    if (this._destroyed) throw sdkError('PaymentMethodAlreadyDestroyedError', 'This card was destroyed; create a new one with payments.card().');
    if (this._form) throw sdkError('PaymentMethodAlreadyAttachedError', 'This card is already attached to the page.');
    var element = typeof target === 'string' ? document.querySelector(target) : target;
    if (!(element instanceof HTMLElement)) throw sdkError('ElementNotFoundError', 'No element to attach the card to: ' + String(target));
    this._form = renderForm(element);
  };

  Card.prototype.tokenize = async function () {
    if (this._destroyed) throw sdkError('PaymentMethodAlreadyDestroyedError', 'This card was destroyed.');
    if (!this._form) throw sdkError('PaymentMethodNotAttachedError', 'Attach the card before tokenizing it.');
    var fields = this._form.fields;
    var body = { applicationId: this._applicationId, locationId: this._locationId };
    fields.forEach(function (field) {
      body[field.name] = field.input.value;
    });
    var result;
    try {
      var response = await fetch(ORIGIN + '/emulator/card-tokens', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      result = await response.json();
      if (!response.ok) result = { status: 'Error', errors: [{ type: 'UNKNOWN', message: result.error || 'The Square emulator answered ' + response.status }] };
    } catch (error) {
      result = { status: 'Error', errors: [{ type: 'NETWORK_ERROR', message: 'Could not reach the Square emulator at ' + ORIGIN }] };
    }
    fields.forEach(function (field) {
      var problem = (result.errors || []).find(function (e) {
        return e.field === field.name;
      });
      setError(field, problem ? problem.message : '');
    });
    return result;
  };

  Card.prototype.destroy = async function () {
    if (this._destroyed) return false;
    this._destroyed = true;
    if (this._form) this._form.host.remove();
    this._form = null;
    return true;
  };

  Card.prototype.focus = async function (field) {
    var match =
      this._form &&
      this._form.fields.find(function (f) {
        return f.name === field;
      });
    if (!match) return false;
    match.input.focus();
    return true;
  };

  var SANDBOX_APPLICATION_ID = /^sandbox-sq0idb-[A-Za-z0-9_-]+$/;

  function payments(applicationId, locationId) {
    if (typeof applicationId !== 'string' || !applicationId) throw sdkError('InvalidApplicationIdError', 'An application id is required.');
    if (/^sq0idp-/.test(applicationId)) {
      throw sdkError('ApplicationIdEnvironmentMismatchError', 'A production application id (sq0idp-) cannot be used with the sandbox script.');
    }
    if (!SANDBOX_APPLICATION_ID.test(applicationId)) throw sdkError('InvalidApplicationIdError', 'Malformed application id: ' + applicationId);
    if (typeof locationId !== 'string' || !locationId) throw sdkError('InvalidLocationIdError', 'A location id is required.');
    return {
      card: async function () {
        return new Card(applicationId, locationId);
      },
    };
  }

  window.Square = { payments: payments };
})();
