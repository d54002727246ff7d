/// The ISO 639 language codes `LanguageTag` knows, as compact text parsed on
/// first use. From Debian's iso-codes (iso_639-2.json), with a few names
/// shortened and a native name added for common languages, so `Deutsch` and
/// `english` can be answered with `de` and `en`.
enum LanguageCodes {
    /// ISO 639-1: `two-letter three-letter[/bibliographic] Name; Other name`.
    static let iso639_1 = """
        aa aar Afar
        ab abk Abkhazian
        ae ave Avestan
        af afr Afrikaans
        ak aka Akan
        am amh Amharic
        an arg Aragonese
        ar ara Arabic; العربية
        as asm Assamese
        av ava Avaric
        ay aym Aymara
        az aze Azerbaijani
        ba bak Bashkir
        be bel Belarusian
        bg bul Bulgarian
        bh bih Bihari languages
        bi bis Bislama
        bm bam Bambara
        bn ben Bengali
        bo bod/tib Tibetan
        br bre Breton
        bs bos Bosnian
        ca cat Catalan; Valencian; Català
        ce che Chechen
        ch cha Chamorro
        co cos Corsican
        cr cre Cree
        cs ces/cze Czech; Čeština
        cu chu Church Slavic; Old Slavonic; Church Slavonic; Old Bulgarian; Old Church Slavonic
        cv chv Chuvash
        cy cym/wel Welsh; Cymraeg
        da dan Danish; Dansk
        de deu/ger German; Deutsch
        dv div Divehi; Dhivehi; Maldivian
        dz dzo Dzongkha
        ee ewe Ewe
        el ell/gre Greek; Modern Greek; Ελληνικά
        en eng English
        eo epo Esperanto
        es spa Spanish; Castilian; Español
        et est Estonian
        eu eus/baq Basque; Euskara
        fa fas/per Persian; Farsi
        ff ful Fulah
        fi fin Finnish; Suomi
        fj fij Fijian
        fo fao Faroese
        fr fra/fre French; Français
        fy fry Western Frisian
        ga gle Irish; Gaeilge
        gd gla Gaelic; Scottish Gaelic
        gl glg Galician
        gn grn Guarani
        gu guj Gujarati
        gv glv Manx
        ha hau Hausa
        he heb Hebrew; עברית
        hi hin Hindi; हिन्दी
        ho hmo Hiri Motu
        hr hrv Croatian
        ht hat Haitian; Haitian Creole
        hu hun Hungarian; Magyar
        hy hye/arm Armenian
        hz her Herero
        ia ina Interlingua
        id ind Indonesian
        ie ile Interlingue; Occidental
        ig ibo Igbo
        ii iii Sichuan Yi; Nuosu
        ik ipk Inupiaq
        io ido Ido
        is isl/ice Icelandic; Íslenska
        it ita Italian; Italiano
        iu iku Inuktitut
        ja jpn Japanese; 日本語
        jv jav Javanese
        ka kat/geo Georgian
        kg kon Kongo
        ki kik Kikuyu; Gikuyu
        kj kua Kuanyama; Kwanyama
        kk kaz Kazakh
        kl kal Kalaallisut; Greenlandic
        km khm Central Khmer
        kn kan Kannada
        ko kor Korean; 한국어
        kr kau Kanuri
        ks kas Kashmiri
        ku kur Kurdish
        kv kom Komi
        kw cor Cornish
        ky kir Kirghiz; Kyrgyz
        la lat Latin
        lb ltz Luxembourgish; Letzeburgesch
        lg lug Ganda
        li lim Limburgan; Limburger; Limburgish
        ln lin Lingala
        lo lao Lao
        lt lit Lithuanian
        lu lub Luba-Katanga
        lv lav Latvian
        mg mlg Malagasy
        mh mah Marshallese
        mi mri/mao Maori
        mk mkd/mac Macedonian
        ml mal Malayalam
        mn mon Mongolian
        mr mar Marathi
        ms msa/may Malay
        mt mlt Maltese
        my mya/bur Burmese
        na nau Nauru
        nb nob Norwegian Bokmål; Bokmål
        nd nde North Ndebele
        ne nep Nepali
        ng ndo Ndonga
        nl nld/dut Dutch; Flemish; Nederlands
        nn nno Norwegian Nynorsk; Nynorsk
        no nor Norwegian; Norsk
        nr nbl South Ndebele
        nv nav Navajo; Navaho
        ny nya Chichewa; Chewa; Nyanja
        oc oci Occitan; Provençal
        oj oji Ojibwa
        om orm Oromo
        or ori Oriya
        os oss Ossetian; Ossetic
        pa pan Panjabi; Punjabi
        pi pli Pali
        pl pol Polish; Polski
        ps pus Pushto; Pashto
        pt por Portuguese; Português
        qu que Quechua
        rm roh Romansh
        rn run Rundi
        ro ron/rum Romanian; Moldavian; Moldovan; Română
        ru rus Russian; Русский
        rw kin Kinyarwanda
        sa san Sanskrit
        sc srd Sardinian
        sd snd Sindhi
        se sme Northern Sami
        sg sag Sango
        si sin Sinhala; Sinhalese
        sk slk/slo Slovak
        sl slv Slovenian
        sm smo Samoan
        sn sna Shona
        so som Somali
        sq sqi/alb Albanian
        sr srp Serbian
        ss ssw Swati
        st sot Southern Sotho
        su sun Sundanese
        sv swe Swedish; Svenska
        sw swa Swahili
        ta tam Tamil
        te tel Telugu
        tg tgk Tajik
        th tha Thai
        ti tir Tigrinya
        tk tuk Turkmen
        tl tgl Tagalog
        tn tsn Tswana
        to ton Tongan
        tr tur Turkish; Türkçe
        ts tso Tsonga
        tt tat Tatar
        tw twi Twi
        ty tah Tahitian
        ug uig Uighur; Uyghur
        uk ukr Ukrainian; Українська
        ur urd Urdu
        uz uzb Uzbek
        ve ven Venda
        vi vie Vietnamese
        vo vol Volapük
        wa wln Walloon
        wo wol Wolof
        xh xho Xhosa
        yi yid Yiddish
        yo yor Yoruba
        za zha Zhuang; Chuang
        zh zho/chi Chinese; 中文
        zu zul Zulu
        """

    /// ISO 639-2 codes that have no two-letter code (collective and special
    /// codes such as `und` included, the local-use range `qaa-qtz` not), and a
    /// few ISO 639-3 codes common on the web (`yue`, `cmn`, `nan`, `hak`, `wuu`).
    static let iso639_2Only = """
        ace ach ada ady afa afh ain akk ale alg alt ang anp apa arc arn arp art arw ast ath aus awa bad
        bai bal ban bas bat bej bem ber bho bik bin bla bnt bra btk bua bug byn cad cai car cau ceb cel
        chb chg chk chm chn cho chp chr chy cmc cmn cnr cop cpe cpf cpp crh crp csb cus dak dar day del
        den dgr din doi dra dsb dua dum dyu efi egy eka elx enm ewo fan fat fil fiu fon frm fro frr frs
        fur gaa gay gba gem gez gil gmh goh gon gor got grb grc gsw gwi hai hak haw hil him hit hmn hsb
        hup iba ijo ilo inc ine inh ira iro jbo jpr jrb kaa kab kac kam kar kaw kbd kha khi kho kmb kok
        kos kpe krc krl kro kru kum kut lad lah lam lez lol loz lua lui lun luo lus mad mag mai mak man
        map mas mdf mdr men mga mic min mis mkh mnc mni mno moh mos mul mun mus mwl mwr myn myv nah nai
        nan nap nds new nia nic niu nog non nqo nso nub nwc nym nyn nyo nzi osa ota oto paa pag pal pam
        pap pau peo phi phn pon pra pro raj rap rar roa rom rup sad sah sai sal sam sas sat scn sco sel
        sem sga sgn shn sid sio sit sla sma smi smj smn sms snk sog son srn srr ssa suk sus sux syc syr
        tai tem ter tet tig tiv tkl tlh tli tmh tog tpi tsi tum tup tut tvl tyv udm uga umb und vai vot
        wak wal war was wen wuu xal yao yap ypk yue zap zbl zen zgh znd zun zxx zza
        """

    struct Entry: Sendable {
        var code: String
        /// The three-letter codes of the same language (`deu`, `ger`), which a
        /// language tag must not use in place of the two-letter one.
        var longCodes: [String]
        var names: [String]
    }

    /// The ISO 639-1 table, in code order.
    static let twoLetter: [Entry] = iso639_1.split(separator: "\n").map { line in
        let parts = line.split(separator: " ", maxSplits: 2)
        return Entry(code: String(parts[0]), longCodes: parts[1].split(separator: "/").map(String.init),
                     names: parts[2].split(separator: ";").map { String($0.drop { $0 == " " }) })
    }

    static let twoLetterCodes: Set<String> = Set(twoLetter.map(\.code))

    /// Three-letter code → its two-letter code (`deu` and `ger` → `de`).
    static let twoLetterFor: [String: String] = {
        var out: [String: String] = [:]
        for entry in twoLetter { for long in entry.longCodes { out[long] = entry.code } }
        return out
    }()

    static let threeLetterCodes: Set<String> = Set(iso639_2Only.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
