/** First names per country for demo profiles (female, male). */
export const demoNames: Record<string, { female: string[]; male: string[] }> = {
  GB: {
    female: ['Olivia', 'Amelia', 'Isla', 'Emily', 'Sophie', 'Grace', 'Chloe', 'Lucy'],
    male: ['Oliver', 'Harry', 'George', 'Jack', 'Charlie', 'Thomas', 'James', 'Alfie'],
  },
  IE: { female: ['Aoife', 'Niamh', 'Saoirse', 'Ciara', 'Roisin'], male: ['Cian', 'Oisin', 'Conor', 'Sean', 'Darragh'] },
  US: { female: ['Emma', 'Ava', 'Madison', 'Harper', 'Abigail', 'Ella'], male: ['Liam', 'Noah', 'Ethan', 'Mason', 'Logan', 'Lucas'] },
  CA: { female: ['Chloé', 'Lily', 'Maya', 'Zoey'], male: ['Nathan', 'Félix', 'Owen', 'Samuel'] },
  AU: { female: ['Charlotte', 'Mia', 'Matilda', 'Ruby'], male: ['Jack', 'William', 'Cooper', 'Hudson'] },
  NZ: { female: ['Aria', 'Isabella', 'Manaia', 'Hana'], male: ['Nikau', 'Leo', 'Tama', 'Hunter'] },
  NL: {
    female: ['Emma', 'Julia', 'Sanne', 'Fleur', 'Lotte', 'Anouk', 'Femke', 'Lisa'],
    male: ['Daan', 'Sem', 'Bram', 'Lars', 'Thijs', 'Ruben', 'Jesse', 'Milan'],
  },
  BE: { female: ['Louise', 'Elise', 'Marie', 'Lien', 'Camille'], male: ['Arthur', 'Louis', 'Wout', 'Jules', 'Victor'] },
  DE: {
    female: ['Mia', 'Hannah', 'Lena', 'Lea', 'Anna', 'Laura', 'Katrin', 'Sabine'],
    male: ['Ben', 'Paul', 'Jonas', 'Felix', 'Lukas', 'Max', 'Stefan', 'Tobias'],
  },
  AT: { female: ['Anna', 'Magdalena', 'Johanna', 'Theresa'], male: ['Jakob', 'Florian', 'Matthias', 'Simon'] },
  CH: { female: ['Lara', 'Nina', 'Alessia', 'Léa'], male: ['Noah', 'Luca', 'Gian', 'Nicolas'] },
  FR: {
    female: ['Léa', 'Manon', 'Camille', 'Inès', 'Chloé', 'Juliette', 'Sarah', 'Élodie'],
    male: ['Hugo', 'Lucas', 'Louis', 'Gabriel', 'Arthur', 'Théo', 'Julien', 'Antoine'],
  },
  IT: {
    female: ['Giulia', 'Sofia', 'Aurora', 'Martina', 'Chiara', 'Francesca', 'Alessia'],
    male: ['Leonardo', 'Francesco', 'Lorenzo', 'Matteo', 'Andrea', 'Marco', 'Davide'],
  },
  ES: { female: ['Lucía', 'Martina', 'María', 'Paula', 'Carmen', 'Elena', 'Sara'], male: ['Hugo', 'Mateo', 'Martín', 'Pablo', 'Alejandro', 'Javier', 'Diego'] },
  PL: { female: ['Zuzanna', 'Julia', 'Maja', 'Zofia', 'Agnieszka', 'Katarzyna'], male: ['Jakub', 'Antoni', 'Szymon', 'Jan', 'Piotr', 'Tomasz'] },
  DK: { female: ['Freja', 'Ida', 'Clara', 'Mathilde', 'Sofie'], male: ['William', 'Noah', 'Oscar', 'Magnus', 'Mads'] },
  FI: { female: ['Aino', 'Eevi', 'Helmi', 'Sofia', 'Venla'], male: ['Eino', 'Väinö', 'Leo', 'Onni', 'Juho'] },
  NO: { female: ['Nora', 'Emma', 'Ingrid', 'Sara', 'Maja'], male: ['Jakob', 'Emil', 'Filip', 'Henrik', 'Sander'] },
  SE: { female: ['Alice', 'Maja', 'Elsa', 'Astrid', 'Wilma', 'Ebba'], male: ['William', 'Hugo', 'Elias', 'Axel', 'Erik', 'Nils'] },
}

/** Cities per country with a region name that exists in country-region-data. */
export const demoPlaces: Record<string, [string, string][]> = {
  GB: [
    ['London', 'England'],
    ['Manchester', 'England'],
    ['Edinburgh', 'Scotland'],
    ['Cardiff', 'Wales'],
    ['Belfast', 'Northern Ireland'],
  ],
  IE: [
    ['Dublin', 'Dublin'],
    ['Cork', 'Cork'],
    ['Galway', 'Galway'],
  ],
  US: [
    ['New York', 'New York'],
    ['Los Angeles', 'California'],
    ['Chicago', 'Illinois'],
    ['Austin', 'Texas'],
    ['Miami', 'Florida'],
  ],
  CA: [
    ['Toronto', 'Ontario'],
    ['Montréal', 'Quebec'],
    ['Vancouver', 'British Columbia'],
  ],
  AU: [
    ['Sydney', 'New South Wales'],
    ['Melbourne', 'Victoria'],
    ['Brisbane', 'Queensland'],
  ],
  NZ: [
    ['Auckland', 'Auckland'],
    ['Wellington', 'Wellington'],
  ],
  NL: [
    ['Amsterdam', 'Noord-Holland'],
    ['Rotterdam', 'Zuid-Holland'],
    ['Utrecht', 'Utrecht'],
    ['Eindhoven', 'Noord-Brabant'],
    ['Groningen', 'Groningen'],
  ],
  BE: [
    ['Antwerpen', 'Antwerpen'],
    ['Gent', 'Oost-Vlaanderen'],
    ['Liège', 'Liège'],
  ],
  DE: [
    ['Berlin', 'Berlin'],
    ['München', 'Bayern'],
    ['Hamburg', 'Hamburg'],
    ['Köln', 'Nordrhein-Westfalen'],
    ['Leipzig', 'Sachsen'],
  ],
  AT: [
    ['Wien', 'Wien'],
    ['Graz', 'Steiermark'],
    ['Salzburg', 'Salzburg'],
  ],
  CH: [
    ['Zürich', 'Zürich'],
    ['Genève', 'Genève'],
    ['Bern', 'Bern'],
  ],
  FR: [
    ['Paris', 'Île-de-France'],
    ['Lyon', 'Auvergne-Rhône-Alpes'],
    ['Marseille', "Provence-Alpes-Côte d'Azur"],
    ['Bordeaux', 'Nouvelle-Aquitaine'],
  ],
  IT: [
    ['Roma', 'Lazio'],
    ['Milano', 'Lombardia'],
    ['Napoli', 'Campania'],
    ['Torino', 'Piemonte'],
  ],
  ES: [
    ['Madrid', 'Madrid'],
    ['Barcelona', 'Barcelona'],
    ['Valencia', 'Valencia'],
    ['Sevilla', 'Sevilla'],
  ],
  PL: [
    ['Warszawa', 'Mazowieckie'],
    ['Kraków', 'Małopolskie'],
    ['Gdańsk', 'Pomorskie'],
    ['Wrocław', 'Dolnośląskie'],
  ],
  DK: [
    ['København', 'Hovedstaden'],
    ['Aarhus', 'Midtjylland'],
    ['Odense', 'Syddanmark'],
  ],
  FI: [
    ['Helsinki', 'Uusimaa'],
    ['Tampere', 'Pirkanmaa'],
    ['Turku', 'Varsinais-Suomi'],
  ],
  NO: [
    ['Oslo', 'Oslo'],
    ['Bergen', 'Vestland'],
    ['Trondheim', 'Trøndelag'],
  ],
  SE: [
    ['Stockholm', 'Stockholms län'],
    ['Göteborg', 'Västra Götalands län'],
    ['Malmö', 'Skåne län'],
  ],
}

export const demoAbout = [
  'Looking for someone to share a glass of wine and a good laugh with.',
  'New in town and curious who is out there.',
  'Spontaneous, honest and up for an adventure.',
  'I love long walks, good food and better company.',
  'Let us see where a chat takes us.',
  'Weekends are for travelling, evenings for cosy dates.',
]

/** About-me lines of the bdsm niche's demo profiles: open about kink, never explicit. */
export const demoAboutKink = [
  'Open-minded and curious; trust and clear limits come first.',
  'Into kink, respect and honest conversation. Safe, sane and consensual.',
  'Experienced, patient and happy to talk about what we both enjoy.',
  'Leather, good manners and a sense of humour.',
]
