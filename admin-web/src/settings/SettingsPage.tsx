import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, serverMessageOf, type ShopSettings } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';

const SETTINGS = '/api/admin/settings';

const GENDERS: { value: ShopSettings['apparelGender']; label: string }[] = [
  { value: 'unisex', label: 'Unisex' },
  { value: 'female', label: 'Women' },
  { value: 'male', label: 'Men' },
];
const AGE_GROUPS: { value: ShopSettings['apparelAgeGroup']; label: string }[] = [
  { value: 'adult', label: 'Adults' },
  { value: 'kids', label: 'Kids' },
  { value: 'toddler', label: 'Toddlers' },
  { value: 'infant', label: 'Infants' },
  { value: 'newborn', label: 'Newborns' },
];

/** The shop's settings: what Google's free listings (the product feed at /feeds/google-merchant.xml) say of every piece. */
export function SettingsPage() {
  const settings = useQuery({ queryKey: [SETTINGS], queryFn: () => ok(api.GET('/api/admin/settings')) });
  return (
    <>
      <div className="card-head">
        <h1>Settings</h1>
      </div>
      {settings.isPending && <p>Loading settings...</p>}
      {settings.isError && <p className="error-text">Failed to load the settings.</p>}
      {settings.data && <SettingsForm settings={settings.data} />}
    </>
  );
}

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState(settings);
  const set = <K extends keyof ShopSettings>(key: K, value: ShopSettings[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: () => ok(api.PATCH('/api/admin/settings', { body: form })),
    onSuccess: (saved) => {
      client.setQueryData([SETTINGS], saved);
      toast({ title: 'Settings saved', description: 'The product feed carries them from now on.' });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to save the settings', variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <form className="card product-form" onSubmit={submit} aria-label="Shop settings">
      <h2>Google listings</h2>
      <p className="muted">Google Merchant Center reads the shop&apos;s products from /feeds/google-merchant.xml, one item per size. These fields go with every item.</p>
      <label>
        Brand
        <input value={form.brand} onChange={(e) => set('brand', e.target.value)} required maxLength={70} />
      </label>
      <div className="form-pair">
        <label>
          Clothing is for
          <select value={form.apparelGender} onChange={(e) => set('apparelGender', e.target.value as ShopSettings['apparelGender'])}>
            {GENDERS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Age group
          <select value={form.apparelAgeGroup} onChange={(e) => set('apparelAgeGroup', e.target.value as ShopSettings['apparelAgeGroup'])}>
            {AGE_GROUPS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        Colour of clothing without a Color option
        <input value={form.defaultColor} onChange={(e) => set('defaultColor', e.target.value)} maxLength={40} placeholder="Black" />
      </label>
      <p className="muted">A product with a Color option gives each size its own colour; leave this empty to give the others none.</p>
      <div className="actions">
        <button type="submit" className="button" disabled={form.brand.trim() === '' || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}
