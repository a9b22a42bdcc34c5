"""Clubs: the site's one club becomes its home club, owning every existing row.

The home club is made from the deployment's settings (``CLUB_NAME``; its slug
``HOME_CLUB``, else ``club``); every member, night, season and table (and their history)
is put in it before the column becomes required; every staff login becomes its director,
every member of the ``Scorers`` group its scorer (the group stays, unused).
"""

import django.core.validators
import django.db.models.deletion
import scoring.models
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models

OWNED = ("Member", "Night", "Season", "TableGame", "HistoricalNight", "HistoricalSeason",
         "HistoricalTableGame")


def rows_to_the_home_club(apps, schema_editor):
    db = schema_editor.connection.alias
    Club = apps.get_model("scoring", "Club")
    home = Club.objects.using(db).create(
        slug=getattr(settings, "HOME_CLUB", "") or "club", name=settings.CLUB_NAME
    )
    for name in OWNED:
        apps.get_model("scoring", name).objects.using(db).update(club=home)


def roles_in_the_home_club(apps, schema_editor):
    Club = apps.get_model("scoring", "Club")
    ClubRole = apps.get_model("scoring", "ClubRole")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    db = schema_editor.connection.alias
    home = Club.objects.using(db).order_by("pk").first()
    directors = User.objects.using(db).filter(is_staff=True)
    scorers = User.objects.using(db).filter(groups__name="Scorers").exclude(is_staff=True)
    ClubRole.objects.using(db).bulk_create(
        [ClubRole(user=user, club=home, role="director") for user in directors]
        + [ClubRole(user=user, club=home, role="scorer") for user in scorers.distinct()]
    )


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0020_members_mail_outbox'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ClubRole',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('director', 'Director'), ('scorer', 'Scorer')], max_length=10)),
            ],
            options={
                'ordering': ['club', 'role', 'user'],
            },
        ),
        migrations.AlterField(
            model_name='member',
            name='name',
            field=models.CharField(max_length=100),
        ),
        migrations.CreateModel(
            name='Club',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('slug', models.SlugField(unique=True)),
                ('name', models.CharField(max_length=100)),
                ('currency_sign', models.CharField(blank=True, help_text="Empty: the site's default.", max_length=5)),
                ('public_pages', models.CharField(blank=True, choices=[('all', 'Every page but the payouts'), ('standings', 'The standings, no money'), ('none', 'Nothing: the login page only')], help_text="Empty: the site's default.", max_length=10, verbose_name='What the public reads')),
                ('language', models.CharField(blank=True, choices=[('', "The site's language"), ('en', 'English'), ('fr', 'Français')], default='', max_length=10)),
                ('entry_fee', models.DecimalField(blank=True, decimal_places=4, help_text="Empty: the site's default.", max_digits=12, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0'))])),
                ('loss_fee', models.DecimalField(blank=True, decimal_places=4, help_text="Empty: the site's default.", max_digits=12, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0'))])),
                ('cinch_fee', models.DecimalField(blank=True, decimal_places=4, help_text="Empty: the site's default.", max_digits=12, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0'))])),
                ('booby_prize', models.DecimalField(blank=True, decimal_places=4, help_text="Empty: the site's default.", max_digits=12, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0'))])),
                ('unit', models.DecimalField(blank=True, decimal_places=4, help_text="Empty: the site's default.", max_digits=12, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0'))])),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'ordering': ['name', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(('unit__isnull', True), ('unit__gt', 0), _connector='OR'), name='club_unit_positive')],
            },
        ),
        migrations.AddField(
            model_name='historicalnight',
            name='club',
            field=models.ForeignKey(blank=True, db_constraint=False, default=scoring.models.current_club_id, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='historicalseason',
            name='club',
            field=models.ForeignKey(blank=True, db_constraint=False, default=scoring.models.current_club_id, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='historicaltablegame',
            name='club',
            field=models.ForeignKey(blank=True, db_constraint=False, default=scoring.models.current_club_id, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='member',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='night',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='season',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='tablegame',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.RunPython(rows_to_the_home_club, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='member',
            name='club',
            field=models.ForeignKey(default=scoring.models.current_club_id, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AlterField(
            model_name='night',
            name='club',
            field=models.ForeignKey(default=scoring.models.current_club_id, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AlterField(
            model_name='season',
            name='club',
            field=models.ForeignKey(default=scoring.models.current_club_id, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AlterField(
            model_name='tablegame',
            name='club',
            field=models.ForeignKey(default=scoring.models.current_club_id, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='scoring.club'),
        ),
        migrations.AddConstraint(
            model_name='member',
            constraint=models.UniqueConstraint(fields=('club', 'name'), name='member_name_unique_in_club'),
        ),
        migrations.AddField(
            model_name='clubrole',
            name='club',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='scoring.club'),
        ),
        migrations.AddField(
            model_name='clubrole',
            name='user',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_roles', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddConstraint(
            model_name='clubrole',
            constraint=models.UniqueConstraint(fields=('user', 'club'), name='club_role_once'),
        ),
        migrations.RunPython(roles_in_the_home_club, migrations.RunPython.noop),
    ]
