ALTER TABLE "categories" ADD COLUMN "custom_name" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A default category that still has its default name (in English or Dutch) is shown in the
-- reader's language from now on; one a person renamed keeps the name they gave it.
UPDATE "categories" AS c SET "custom_name" = false
FROM (VALUES
  ('salary', 'Salary', 'Salaris'),
  ('holiday-allowance', 'Holiday allowance', 'Vakantiegeld'),
  ('benefits', 'Benefits and allowances', 'Toeslagen en uitkeringen'),
  ('freelance', 'Freelance and side income', 'Freelance en bijverdiensten'),
  ('interest', 'Interest and dividends', 'Rente en dividend'),
  ('gifts-received', 'Gifts received', 'Ontvangen cadeaus'),
  ('other-income', 'Other income', 'Overige inkomsten'),
  ('housing', 'Rent or mortgage', 'Huur of hypotheek'),
  ('energy', 'Energy and water', 'Energie en water'),
  ('groceries', 'Groceries', 'Boodschappen'),
  ('eating-out', 'Eating out', 'Uit eten'),
  ('transport', 'Transport', 'Vervoer'),
  ('insurance', 'Insurance', 'Verzekeringen'),
  ('health', 'Health care', 'Zorg'),
  ('phone-internet', 'Phone and internet', 'Telefoon en internet'),
  ('children', 'Children', 'Kinderen'),
  ('clothing', 'Clothing', 'Kleding'),
  ('leisure', 'Leisure and hobbies', 'Vrije tijd en hobby''s'),
  ('subscriptions', 'Subscriptions', 'Abonnementen'),
  ('holidays', 'Holidays', 'Vakanties'),
  ('gifts-donations', 'Gifts and donations', 'Cadeaus en giften'),
  ('taxes', 'Taxes', 'Belastingen'),
  ('other-expenses', 'Other expenses', 'Overige uitgaven')
) AS d(key, en, nl)
WHERE c.default_key = d.key AND lower(trim(c.name)) IN (lower(d.en), lower(d.nl));
