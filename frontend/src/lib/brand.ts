/** The programme's name is a brand: it is not translated. */
export const productName = 'Bonus Card';
