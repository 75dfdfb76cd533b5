import { describe, expect, it } from 'vitest'
import { messageSignals, safetySignals, type SafetySignal } from './message-signals'

const cases: [string, SafetySignal[]][] = [
  // Phone numbers: international and national.
  ['Call me on +31 6 12345678', ['phone']],
  ['bel me: 0031 6 12345678', ['phone']],
  ['Meine Nummer ist +49 151 23456789', ['phone']],
  ['+44 7700 900123 is my work phone', ['phone']],
  ['App me 06-12345678', ['phone']],
  ['mijn nummer is 0612 345 678', ['phone']],
  ['ring till mig 070.123.45.67', ['phone']],
  ['chiamami al (333) 123 4567', ['phone']],
  // Not phone numbers.
  ['I was born in 1990 and I am 34', []],
  ['See you at 20:30 at the station', []],
  ['Dinner is about €25 per person', []],
  ['Geboren am 12.05.1990', []],
  ['We lived there from 1990-2000', []],
  ['The house cost 1.250.000 euro', []],
  ['I have 3 cats and 2 dogs', []],
  // E-mail addresses, also disguised.
  ['mail me: anna.b@gmail.com', ['email']],
  ['schrijf naar anna [at] gmail [dot] com', ['email']],
  ['anna(at)gmail.com', ['email']],
  ['my address is anna at gmail dot com', ['email']],
  ['écris-moi : marie (arroba) hotmail . fr', ['email']],
  ['ANNA@WEB.DE', ['email']],
  // Not e-mail addresses.
  ['look at this dot, it is so cute', []],
  ['I am at home right now', []],
  ['Let me look at me.', []],
  // Links and other apps.
  ['check https://example.org/profile', ['link']],
  ['www.mysite.nl has my photos', ['link']],
  ['see example.com', ['link']],
  ['write me on t.me/anna_92', ['link']],
  ['wa.me/31612345678', ['phone', 'link']],
  ['Add me on Snapchat!', ['link']],
  ['hast du WhatsApp?', ['link']],
  ['Schreib mir auf Telegram', ['link']],
  ['my insta is @anna.travels', ['link']],
  // Not links.
  ['ok.then see you', []],
  ['Nice pic.it was taken where?', []],
  ['Well... maybe.', []],
  // Money, in all languages.
  ['Can you send me €50 for the train?', ['money']],
  ['I need money for a ticket to see you', ['money']],
  ['Please buy me a gift card, iTunes is fine', ['money']],
  ['Send it via Western Union', ['money']],
  ['Do you have PayPal?', ['money']],
  ['I only accept Bitcoin', ['money']],
  ['kun je 100 euro overmaken? mijn moeder ligt in het ziekenhuis', ['money']],
  ['Leen me wat geld alsjeblieft', ['money']],
  ['Kannst du mir 200 € überweisen?', ['money']],
  ['Ich brauche dringend Geld für das Visum', ['money']],
  ['Mi presti dei soldi? Ti mando le coordinate bancarie', ['money']],
  ['Prête-moi 300 euros stp', ['money']],
  ["J'ai besoin d'argent pour l'hôpital", ['money']],
  ['¿Me puedes prestar dinero? Necesito dinero para el visado', ['money']],
  ['Pożycz mi 500 zł, oddam jutro', ['money']],
  ['Wyślij mi kartę podarunkową', ['money']],
  ['Kan du låne mig penge til en flybillet?', ['money']],
  ['Voitko lähettää minulle rahaa?', ['money']],
  ['Kan du sende meg penger på Vipps?', ['money']],
  ['Kan du swisha mig 500 kr?', ['money']],
  // Not money: ordinary dates and plans.
  ['Shall we go to dinner on Friday? My treat', []],
  ['Zullen we zaterdag uit eten gaan?', []],
  ['Lass uns am Freitag essen gehen', []],
  ['Andiamo a cena venerdì?', []],
  ['On va dîner ce soir ?', []],
  ['¿Vamos a cenar el sábado?', []],
  ['Idziemy na kolację w piątek?', []],
  ['Skal vi spise middag på fredag?', []],
  ['Lähdetäänkö syömään perjantaina?', []],
  ['Skal vi gå ut og spise på lørdag?', []],
  ['Ska vi äta middag på fredag?', []],
  ['Maak je geen zorgen over geld, ik trakteer', []],
  ['Can you lend me 50? I will pay you back', ['money']],
  ['Could you lend me your jacket?', []],
  ['Lån mig din jakke', []],
  ['Prestami attenzione', []],
  ['I spent too much money at dinner', []],
  ['Send me a photo of your dog', []],
  ['Give me 10 minutes, I live at 42 Maple Lane', []],
  // Several at once, in the fixed order.
  ['Western Union or call +31 6 12345678, mail anna@gmail.com or www.anna.nl', ['phone', 'email', 'link', 'money']],
  ['', []],
]

describe('messageSignals', () => {
  it('has at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40))

  it.each(cases)('%s', (body, expected) => {
    expect(messageSignals(body)).toEqual(expected)
  })

  it('returns distinct signals in the order of safetySignals', () => {
    const found = messageSignals('+31 6 12345678 +49 151 23456789 paypal paypal a@b.com x@y.org example.com')
    expect(found).toEqual(safetySignals.filter((s) => found.includes(s)))
    expect(new Set(found).size).toBe(found.length)
  })
})
