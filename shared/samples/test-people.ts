/** The address fields the checkout's form asks for (all required but phone): the console's and the embedded checkout's. */
export interface AddressDraft {
  given_name: string;
  family_name: string;
  email: string;
  street_address: string;
  postal_code: string;
  city: string;
  country: string;
  phone: string;
}

export const EMPTY_ADDRESS: AddressDraft = {
  given_name: '',
  family_name: '',
  email: '',
  street_address: '',
  postal_code: '',
  city: '',
  country: '',
  phone: '',
};

type Person = Omit<AddressDraft, 'country'>;

/** Realistic test people per country, in the local address format (postal code style, phone prefix). */
const PEOPLE: Record<string, Person[]> = {
  SE: [
    {
      given_name: 'Anna',
      family_name: 'Andersson',
      email: 'anna.andersson@example.se',
      street_address: 'Sveavägen 44',
      postal_code: '111 34',
      city: 'Stockholm',
      phone: '+46 70 123 45 67',
    },
    {
      given_name: 'Erik',
      family_name: 'Lindqvist',
      email: 'erik.lindqvist@example.se',
      street_address: 'Kungsportsavenyen 21',
      postal_code: '411 36',
      city: 'Göteborg',
      phone: '+46 73 555 01 02',
    },
  ],
  DE: [
    {
      given_name: 'Lena',
      family_name: 'Müller',
      email: 'lena.mueller@example.de',
      street_address: 'Friedrichstraße 123',
      postal_code: '10117',
      city: 'Berlin',
      phone: '+49 30 1234567',
    },
    {
      given_name: 'Jonas',
      family_name: 'Schneider',
      email: 'jonas.schneider@example.de',
      street_address: 'Leopoldstraße 8',
      postal_code: '80802',
      city: 'München',
      phone: '+49 89 7654321',
    },
  ],
  NO: [
    {
      given_name: 'Ingrid',
      family_name: 'Hansen',
      email: 'ingrid.hansen@example.no',
      street_address: 'Karl Johans gate 25',
      postal_code: '0159',
      city: 'Oslo',
      phone: '+47 912 34 567',
    },
  ],
  FI: [
    {
      given_name: 'Aino',
      family_name: 'Virtanen',
      email: 'aino.virtanen@example.fi',
      street_address: 'Mannerheimintie 12',
      postal_code: '00100',
      city: 'Helsinki',
      phone: '+358 40 123 4567',
    },
  ],
  DK: [
    {
      given_name: 'Freja',
      family_name: 'Nielsen',
      email: 'freja.nielsen@example.dk',
      street_address: 'Strøget 18',
      postal_code: '1160',
      city: 'København K',
      phone: '+45 20 12 34 56',
    },
  ],
  AT: [
    {
      given_name: 'Maximilian',
      family_name: 'Huber',
      email: 'max.huber@example.at',
      street_address: 'Mariahilfer Straße 77',
      postal_code: '1060',
      city: 'Wien',
      phone: '+43 1 5123456',
    },
  ],
  NL: [
    {
      given_name: 'Sanne',
      family_name: 'de Vries',
      email: 'sanne.devries@example.nl',
      street_address: 'Damrak 70',
      postal_code: '1012 LM',
      city: 'Amsterdam',
      phone: '+31 20 123 4567',
    },
  ],
  GB: [
    {
      given_name: 'Oliver',
      family_name: 'Smith',
      email: 'oliver.smith@example.co.uk',
      street_address: '10 Baker Street',
      postal_code: 'NW1 6XE',
      city: 'London',
      phone: '+44 20 7946 0958',
    },
  ],
  US: [
    {
      given_name: 'Emily',
      family_name: 'Johnson',
      email: 'emily.johnson@example.com',
      street_address: '350 Fifth Avenue',
      postal_code: '10118',
      city: 'New York',
      phone: '+1 212 555 0147',
    },
  ],
};

/**
 * A test person living in `country`; `n` picks another one each time (for a second, different address).
 * Countries without a person of their own get a generic one, with the country set right.
 */
export function testPerson(country: string, n = 0): AddressDraft {
  const code = country.toUpperCase();
  const people = PEOPLE[code] ?? [
    {
      given_name: 'Alex',
      family_name: 'Tester',
      email: 'alex.tester@example.com',
      street_address: 'Main Street 1',
      postal_code: '12345',
      city: 'Testville',
      phone: '',
    },
  ];
  const person = people[((n % people.length) + people.length) % people.length]!;
  return { ...person, country: code };
}

/** The draft as a step input: empty optional fields left out, the country upper-cased. */
export function addressInput(a: AddressDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) {
    const value = k === 'country' ? v.trim().toUpperCase() : v.trim();
    if (value !== '' || k !== 'phone') out[k] = value;
  }
  return out;
}
