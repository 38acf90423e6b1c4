/** The company block printed on every generated document (orders, purchase orders, reports). */
export const COMPANY = {
  name: 'BPM Hardware Inc.',
  address: ['100 Industrial Way', 'San Jose, CA 95110', 'United States'],
  contact: 'sales@bpm.example.com · +1 (555) 010-0100',
};
