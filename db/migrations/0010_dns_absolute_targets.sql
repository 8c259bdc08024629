-- Host names in record data were stored without a trailing dot and served as absolute names; they are now read
-- like a zone file (relative unless they end in a dot) and stored absolute, with the dot, so existing rows keep
-- their meaning.
UPDATE `dns_records` SET `data` = `data` || '.' WHERE `type` IN ('CNAME', 'NS', 'MX', 'SRV') AND `data` NOT LIKE '%.';
